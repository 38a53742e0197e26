package search

import "slices"

// probeQuestions are questions no memory is likely to answer: general
// knowledge over many fields, in the length and form of a question put
// to memory. Their cosines with an index's chunks, under its embedder,
// are its background (see [NewIndexBackground]). Changing them changes
// every vector score: they are part of the score's definition, like its
// constants.
var probeQuestions = []string{
	"What is the tallest mountain in South America?",
	"Who composed the Four Seasons?",
	"How many hearts does an octopus have?",
	"What is the main ingredient of guacamole?",
	"When did the Roman Empire fall?",
	"Which gas makes up most of the air we breathe?",
	"Who was the first person to walk on the Moon?",
	"What is the longest river in Africa?",
	"How many strings does a violin have?",
	"Which country has the most islands?",
	"What does DNA stand for?",
	"Who painted The Starry Night?",
	"How fast can a cheetah run?",
	"What is the freezing point of seawater?",
	"Which city hosted the 1992 Summer Olympics?",
	"What language is spoken in Quebec?",
	"How many teeth does an adult human have?",
	"Who wrote the Odyssey?",
	"What is the smallest prime number?",
	"Which element has the atomic number one?",
	"How are pearls formed inside oysters?",
	"What is the national dish of Spain?",
	"Who built the pyramids of Giza?",
	"Why is the sky blue?",
	"Which planet is closest to the Sun?",
	"How many players are on a baseball team?",
	"What is the largest organ of the human body?",
	"When was the Eiffel Tower completed?",
	"Which animal is the largest mammal on Earth?",
	"What causes the tides in the ocean?",
	"Who developed the theory of relativity?",
	"How long is a marathon?",
	"What is the capital of Canada?",
	"Which metal is liquid at room temperature?",
	"How do volcanoes form?",
	"What year did the Titanic sink?",
	"Who is the author of Don Quixote?",
	"How many continents are there?",
	"What is the hardest natural substance?",
	"Which desert is the largest in the world?",
	"How do glaciers move?",
	"What instrument has 88 keys?",
	"Who invented the light bulb?",
	"What is the speed of light?",
	"Which country gifted the Statue of Liberty?",
	"How is cheese made from milk?",
	"What are the colours of the rainbow?",
	"Which bird can fly backwards?",
}

// ProbeQuestions returns the questions whose cosines with an index's
// chunks measure its background ([NewIndexBackground]), embedded as
// queries with the index's embedder.
func ProbeQuestions() []string { return slices.Clone(probeQuestions) }
