// Package conflict finds contradiction hints in memory: pairs of chunks
// that speak about the same subject and disagree.
//
// It is offline and deterministic, with no language model. Each chunk is
// split into claims (sentences and list items) of normalised content
// words. Two claims are about the same subject when most of their words
// align (a longest common subsequence); they disagree when
//
//   - exactly one aligned span is replaced and both sides of it are
//     values (numbers, versions, dates) that are not refinements of each
//     other ("PostgreSQL 15" vs "PostgreSQL 16", but not "15" vs "15.4");
//   - a later claim says its value changed ("raised to", "was cut to",
//     "moved to 10:00", "now listens on") and words the verb before the
//     value otherwise, or puts the value elsewhere ("the allowance is
//     50 dollars per person" vs "the allowance per person was raised
//     to $75"); a claim of one subject word and a value ("retros happen
//     every two weeks") is compared with one that changes it ("we moved
//     retros to once a month");
//   - exactly one aligned span is replaced by a word pair from the
//     antonym list or a prefix antonym ("enabled" vs "disabled",
//     "synchronous" vs "asynchronous");
//   - exactly one aligned span of one or a few words is replaced by
//     another ("Jenkins" vs "GitHub Actions"), after a shared context;
//   - one claim negates the other and nothing else is replaced ("we use
//     Redis" vs "we no longer use Redis"), or the negated claim denies,
//     with a form of one of its words, what the other asserts of the
//     same subject ("is allergic to peanuts" vs "has no food
//     allergies");
//   - the holder of a role one holds at a time is replaced ("Carol leads
//     the data platform team" vs "Dmitri leads ...", "the work is led by
//     Pavel", "Tom took over as tech lead");
//   - a status word of another phase replaces one ("paused" vs
//     "resumed", "in draft" vs "submitted"; "done" and "finished" are one
//     phase), or a value of an exclusive class ("vegetarian" vs
//     "pescatarian", "in the morning" vs "at night");
//   - one subject is put in places named differently ("works remotely
//     from Montreal" vs "relocated to Vancouver"; "hosted in a Frankfurt
//     data center" vs "moved to a data center in Helsinki");
//   - a claim says a thing switched to a name and the other names it
//     otherwise, in any word order ("we use Mailgun for transactional
//     email" vs "we switched transactional email to SendGrid");
//   - a switch names the old value and the other claim, of the same
//     subject, still states it ("our CI runs on Jenkins" vs "CI moved
//     from Jenkins to GitHub Actions"; see switch.go), or, with no
//     subject words of its own, names the old value as a name ("we
//     swapped Vault out for AWS Secrets Manager"); a handover ("Eva
//     handed the Berlin office over to Tomasz") is such a switch;
//   - one quantity each, of the same subject words in any order, one
//     claim saying it changed ("request timeout of the search API is 2
//     seconds" vs "search API request timeout is now 1500 ms"; see
//     quantity.go);
//   - a value closes both claims after the same subject, whatever verb
//     leads it ("runs on port 9100" vs "listens on 9200"), times of day
//     and dates aside;
//   - one claim says its value is the only one and the other adds names
//     beside it ("available only in English" vs "in English and
//     Spanish");
//   - a claim says a thing was removed ("Ruby 2.7 support was dropped
//     from the SDK", "was shut down", "retired") and the other, every
//     word of that thing in it, still states it;
//   - a claim leaves out a case ("every day except Monday", "everyone
//     except Tom") that the other, saying nothing more, asserts;
//   - two comparisons of the same two things turned round with one
//     comparative ("Rosa is faster than Jan" vs "Jan is faster than
//     Rosa");
//   - a claim says its value is the only one and the other adds one
//     ("also", "as well as", "and": "accepts only cash" vs "accepts
//     cards as well as cash");
//   - a habit stopped at a time is kept in the other ("quit Spotify in
//     2022" vs "listens to Spotify daily");
//   - one claim says a thing happens every day and the other only on
//     some days ("I run daily" vs "I run only on weekdays");
//   - two lengths or masses in other units differ by more than rounding
//     ("12 miles" vs "40 km", "10 miles" vs "10 km"), or two results of one match, told from
//     either side, differ ("drew 1-1 with City" vs "City beat United
//     2-1"; see result.go), or two kinds are named after "is a" ("is a
//     Ford Transit" vs "is a Renault Master").
//   - a claim that its subject went out at a stage of a contest and one
//     that it reached a later stage or the title ("lost the semi-final"
//     vs "reached the final", "knocked out in round one" vs "won the
//     chess open"; see stage.go);
//   - a denial of a kind and one thing of it asserted ("has no pets" vs
//     "walks his dog", "doesn't drink alcohol" vs "drinks wine"), or a
//     claim that the subject has no such thing and one that names the
//     subject's ("the flat has no balcony" vs "on the flat's balcony");
//   - two occupations or positions said of one subject ("is a nurse" vs
//     "works as a teacher"; not "was a nurse"), two numbered rooms it is
//     in ("room 4" vs "room 7"), a subject gone ("closed down", "passed
//     away") and a present fact of it, or a subject free and a price it
//     costs;
//   - two marital statuses of one subject that cannot both hold
//     ("is single" vs "is married to Marc"; "divorced" and "single" may),
//     or one of the unmarried and the subject's spouse told in the
//     present ("Chloe is single" vs "Chloe's husband is a chef"; see
//     marital.go);
//   - a subject that abstains from a kind of food or drink, by a diet
//     ("vegan", "vegetarian", "teetotal"), "avoids" or a present denial
//     ("no longer eats meat", "quit drinking"), and the subject
//     consuming a thing of it now or lately ("eats cheese every day",
//     "had a steak last night"; see diet.go).
//
// Before comparing, a sentence is rewritten into one form per frame (see
// frame.go): a change states its new value ("grew to 9", "bumped the
// pool size to 50", "replaced Trello with Asana"), a passive role its
// holder first, a number word or frequency a number ("three", "half an
// hour", "a minute and a half", "twice a week", "12 times an hour",
// "daily", "four times a day"), a bound the word "minimum" or "maximum"
// before its value ("at least 12", "no fewer than 12", "12 or more"; "no
// more than", "up to 5", "at most", "capped at", "limited to", "allows
// 5"; a "cap", "ceiling", "limit" or "quota" is a maximum), a habit of
// choosing a preference ("always books an aisle seat"), "belongs to X"
// "owned by X" and "X took over the Y" "X now owns the Y", and a "since"
// clause is dropped. A sentence
// that tells a history and the present ("alerts went to PagerDuty until
// June, and now go to Opsgenie"; "used to", "originally", "tried",
// "moved off", "for years" mark the history) is read as a switch as
// well, and a present after a semicolon with a pronoun subject ("...;
// now they happen on Thursdays") as said of the first clause's subject.
// Capitalised words written together are one name ("Google Cloud
// Storage"), a "key: value" line a statement, an aside in parentheses a
// claim of its own, two predicates of one subject joined by "and"
// claims of their own as well ("Omar hates video calls and prefers
// written updates"; see clause.go), a "key: value" item under a short heading a
// statement about the heading ("## Postgres" / "- Version: 14"), a table
// row under a header one statement per cell of the row's first cell, a
// role said with its noun its verb ("the lead of X is Bob" is "Bob leads
// X"), the rival of a preference dropped ("prefers tea over coffee"), and
// a British spelling its American one ("colour", "licence",
// "anonymised"; names keep theirs), a word misspelt by two swapped
// letters or a doubled one the other claim's word ("recieving"),
// "begins" "starts" and "finishes" "ends", two clauses with subjects
// of their own (", while", "whereas", ", but", "and" before an article)
// claims of their own as well, a role noun with a qualifier ("the
// engineering manager for payments is Ravi") a role, and
// forms of a verb one word ("hosted", "host";
// words that only moved, as in the passive voice, still align). A number and its unit become one quantity in base
// units ("5 minutes" vs "1 hour" differ, "60 minutes" and "1 hour" do
// not; "10 GB" and "10,000 MB" are one size in decimal and binary
// units), a sum of money one quantity in its currency ("$75", "75
// USD", "75 dollars"; "30k" is "30000"), a time of day one clock time
// ("6 pm" is "18:00", "at 10" alone is "10:00"), a percentage a
// quantity of its own ("40%" is no count "40"), a range one value ("2 to
// 4 days", "20-30 euros", "between 50 and 70 minutes", "between 30
// minutes and 1 hour") that agrees with a value it holds; a rate
// compared only per the same period ("an hour" is no "a week"), an amount after "about" or "roughly" one that agrees
// within a fifth, "every other week" every 2 weeks, a verb of having
// before a count dropped ("includes 10 seats", "comes with 15 seats",
// "runs to 80 pages", "is 52 pages long"), after a role's holder
// "runs", "heads", "manages" the verb "leads", "can't stand" "hates",
// "more than", "over" and "under" before an amount a bound, which a
// value or range wholly beyond it contradicts ("20 to 25 minutes",
// "over an hour"), "open until 8" "closes at 8", "noon" and
// "midnight" clock times, "X's birthplace is Y" and "a native of Y" "born
// in Y", "every other Saturday" against "every
// Saturday" a different frequency, "the last Sunday of the month" its
// ordinal (and against "every Sunday" a different frequency), "won the
// quiz" "finished first in the quiz", a claim whose subject is only a
// pronoun ("we have two cats") comparable by its count, one pronoun
// ("it", "he") opening two claims of the present alike but for one span
// a named subject ("it runs on petrol" vs "on diesel"), two different
// pronouns two subjects, "day" before "shift" or after "works" a part of
// the day, a place noun phrase closing a claim after "in", "at" or
// "under" a place ("in the church crypt" vs "in the sports hall"), "X is
// sure (that)" the clause it is sure of, a verb of knowing or finding
// before "that" ("confirmed that", "found out that"), "it turns out"
// and "as the contract says," the clause they hold true ("says",
// "believes", "according to X" stay someone's word), "unless it
// rains" a case the claim leaves out (beside "always" or "never",
// the usual fact; beside a claim with no case, maybe the case),
// "always" a claim that happens every time, not a word, a denied way of travelling ("didn't drive to
// the meeting") no denial of the trip, "before" and "after" an event an order that conflicts with
// its opposite, a subject word with a copula and a value ("Breakfast
// is at 7:30") compared with another of that word,
// an abbreviation its word ("DB", "k8s", "auth", "max", "req/min"
// are "database", "kubernetes", "authentication", "maximum", "requests
// per min"), a few nouns that name one thing one of them ("vehicle" is
// "car", "employees" "staff", "kids" and "children" "child", "people" "person", "TTL" "expire", an API "call" a
// "request"), a verb and its particle their noun ("times out" is
// "timeout"), a day and month
// one date ("March 3" vs "April 14"; "Nov 20" is
// "November 20"), a location predicate one marker ("is in Berlin" vs
// "moved to Lisbon"), an irregular past or participle its verb ("paid"
// "pay", "eaten" "eat"; see verbForms), "one" before a noun the count 1
// when the other claim counts that noun, a date of numbers the day a
// month name or ISO form writes ("31/12/2026", "December 31, 2026"),
// one hyphen no word ("stand-up" "standup"), "just" before a name or a
// count "only", "likes" or "wants" beside "prefers" "prefers", and the
// number after an identifying noun
// ("Incident 41", "Step 3", "PR #812", "PROJ-1234") an identifier: two
// claims about differently numbered things are about different
// subjects, never a contradiction.
//
// Questions and a YAML front matter block that opens the text are not
// claims. Nor is a difference: the same amount next to other words
// naming its measure ("killed after an hour", "timeout is 60 minutes"),
// other things one holder holds ("the data team maintains the export
// pipeline"), an antonym that names another subject before its copula
// ("sign-ups for the closed beta are full"), or a past fact with its
// end ("ran on Jenkins until 2023") beside the switch that ended it, an
// opposite state with a scope added on one side ("off by default in the
// print view"), or a place within the other's ("in Lisbon" vs "in
// Lisbon's Alfama district"), two acts on one object ("drafts" and
// "signs the supplier contracts"), a denial in a narrower scope ("does
// not require a token for the health check"), a denied verb beside
// another ("cannot merge" vs "can open pull requests"), one state in two
// scopes ("on in staging", "on in production"), or a subject whose head
// differs ("the docs site search was ported to Algolia" vs "the docs
// site is built with Hugo"; a word before a shared head only qualifies
// it). Two replaced spans mean two subjects ("staging runs 15" vs "production
// runs 16"); spans only added on one side are refinements or lists that
// grow. Neither is a conflict: a fact for another time or condition
// ("from 2015 to 2019", "used to", "will", "if", "would", "next year"; a
// value "last year" or
// "yesterday" unless the claim says it changed), a value on one side
// for a day of the week ("opens at 10:00 on Saturdays"), an added one
// ("also"), a subject set apart by an owner or a word such as "old"
// ("the user's partner's carrier", "the old contract", "the staging
// data warehouse"), or by a name
// that opens one claim when neither says something changed ("each GPU
// node" vs "each node"), words replaced before "is"
// with all after it equal ("the billing flow is live"), or a relation
// held with many objects at once ("practices yoga", "practices piano",
// "dislikes early flights", "dislikes long flights") unless a claim says
// that something changed, one count of other things ("allows 5 seats",
// "allows 5 projects"), a count of things against a measure ("covers 25
// developers", "covers 3 years"), a change by an amount ("dropped 20%")
// beside a value, days of the week, holidays or a season named on one
// side only ("on weekends the gym opens at 8"), a past opened by
// "before", a goal ("aim to"), or a denial of one kind beside another
// kind asserted ("does not list cancelled orders", "lists refunded
// orders"), two denials of other things ("never eats meat", "never
// eats fish"), two comparisons of other measures ("bigger than",
// "cheaper than"), two acts of one subject on one object ("walks the
// dog", "feeds the dog"), a condition or a report ("in case of", an
// opening "when", "Tomas said ..."), a pronoun subject beside a word
// opening the other claim ("we are staying", "Ana is staying"), a
// weekday beside a holiday or season, a value within a bound ("90
// minutes", "more than an hour") or a date written day first and
// month first ("6/5", "5/6"), two allergies, a tie of family beside
// another kind of tie ("uncle", "neighbour"), a rule with an exception
// beside the exception's own value ("until 9 pm except on Fridays", "on
// Fridays until 6 pm"), two bounds one way on a past event's time
// ("got home before ten", "before eleven"), one phone number with and
// without its country code, one count of two things ("has one
// daughter", "has one son"), a past value with its year beside the
// value now ("was 40 euros in 2019", "is 55 euros"), a case left out
// denied ("every day except Monday", "does not open on Mondays") or
// another weekday, a comparison turned round with its opposite ("Rosa
// is faster than Jan", "Jan is slower than Rosa"), one length or mass
// in other units ("5 km", "3.1 miles"), one match result told from
// either side ("beat Braga 2-0", "lost 0-2 to Porto"), one kind named
// more closely ("a Ford", "a Ford Focus") or two parts of the day, one
// adding a thing with "and" ("only tea in the morning", "tea and cake
// in the afternoon"), a past event beside a denial of the present or
// a plan ("played in the band in 2019", "no longer plays"; "paid",
// "won't pay"), or beside the present of its verb ("drove a Ford",
// "drives a Volvo"), a subject named with one more word opening one
// claim ("the service", "the analytics service"), two attributes that
// share a word of their values ("favourite colour is green", "favourite
// fruit is the green apple"), a past event of another verb beside
// where the subject is now ("grew up in Osaka", "lives in Sapporo
// now"), or another's thing beside a denial of having one ("has no
// dog", "walks his sister's dog"), a liking beside an allergy or a fear of
// one thing ("adores cats", "is allergic to cats"), a place beside a
// country that may hold it ("born in Seville", "born in Spain"; see
// places.go, whose small gazetteer puts a known city in another country:
// "lives in Paris", "lives in Chad" conflict), a year opening a claim
// told in the past ("In 2019 Karl worked at Zeta"), a past holder of a
// role beside the present one ("was the CEO") or a holder's past role
// ("was the assistant coach"), a feeling for a kind beside owning none
// ("adores cats", "doesn't own a cat"), a denied activity beside
// watching or teaching it ("no longer swims", "watches swimming"), or a
// value with a year beside today's ("cost $12 in 2020", "costs $15
// now"), a feeling beside a deed ("is scared of dogs", "walks his dog"),
// a fact that holds "again" after a past change the other way ("left
// Google last year", "works at Google again"), a wish or a skill being
// learnt beside a fact ("wants to visit Japan", "has never been to
// Japan"; "is learning to swim", "can't swim"), a thing named only in a
// qualifier that leaves the denied thing out ("alcohol-free beer",
// "meat-free burgers", "decaf"; see qualifier.go), kin or a pet "of a
// friend" or pupils ("coaches two sons of a friend", "teaches thirty
// kids") beside "has no children", or an employer beside a town after
// "works" ("at Siemens", "in Munich"), a substitute beside a denial of
// the thing ("vegan cheese", "almond milk", "root beer"), two adjectives
// of different qualities ("the spare room is tidy", "is small"; see
// [qualityOf]), or two things after one possessive ("Kwame's passport",
// "Kwame's licence"). Out of work or retired beside a
// present job ("is unemployed", "works as a nurse"; "retired", "works
// full-time"; see work.go), "is an only child" beside a brother, and a
// stopped activity beside an amount of it now ("stopped running", "runs
// 5 km"), a US city beside another state ("lives in Denver", "lives in
// Oregon"), a diet kept for years beside eating what it leaves out ("has
// been vegan for six years", "eats cheese"), and a fact said to happen
// often beside the same fact said to happen rarely ("swims every
// morning", "hardly ever swims"), a subject that eats or drinks only one
// thing beside another ("drinks only herbal tea", "drinks coffee"), a
// drink taken plain beside it with something in it ("drinks his coffee
// black", "takes milk in his coffee"), and one past event given two
// years ("the bridge opened in 1998", "in 2001") are conflicts; two
// things eaten or drunk ("eats lentils", "eats chicken"), how a thing
// runs beside on what ("runs quietly", "runs on petrol"), two changes
// or past deeds in other years ("moved to Lisbon in 2014", "to Porto in
// 2019"), and two values for two kinds of days ("hourly in summer",
// "twice a day in winter") are not. A statement that takes more than four values across the memory
// is a family of parallel statements about implicit subjects (a README
// per package), and [Detect] drops it. [Judge] compares two texts;
// [Detect] finds candidate claim pairs
// through an in-memory inverted index of content words (claims sharing at
// least two words that are not too frequent), so the cost grows with the
// number of neighbours, not with the square of the number of chunks.
//
// The rules were written against the labelled fixtures in testdata; see
// the package tests for precision and recall on their tuning and
// held-out parts (TestFixturePrecisionRecall, TestFamilyPrecisionRecall,
// TestRestatedPrecisionRecall).
package conflict
