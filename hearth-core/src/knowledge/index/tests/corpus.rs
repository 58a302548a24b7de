//! A made-up corpus for retrieval-quality tests, generated from a seed:
//! short Markdown documents, each about an invented guild with distinctive
//! facts (a craft, a material, an object), and questions about those facts
//! phrased with other word forms than the documents use (`repairing copper
//! lanterns` in the text, `Which guild repairs the copper lantern?` asked),
//! each with the document that answers it. Shared filler sentences make
//! common words common, so ranking must lean on the rare ones.
//!
//! Reusable by any test in the crate:
//! `crate::knowledge::index::tests::corpus::generate(seed, documents, questions)`.

use std::collections::HashSet;

/// A small deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// One of `items`.
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A generated document: its title and its Markdown text (the title as its
/// level-1 heading).
#[derive(Debug, Clone)]
pub(crate) struct Document {
    pub(crate) title: String,
    pub(crate) text: String,
}

/// A question and the number of the document that answers it.
#[derive(Debug, Clone)]
pub(crate) struct Question {
    pub(crate) text: String,
    pub(crate) answer: usize,
}

/// Documents and questions about them.
#[derive(Debug, Clone)]
pub(crate) struct Corpus {
    pub(crate) documents: Vec<Document>,
    pub(crate) questions: Vec<Question>,
}

/// A verb's forms: base, third person, `-ing`, past.
type Verb = (&'static str, &'static str, &'static str, &'static str);

const VERBS: &[Verb] = &[
    ("repair", "repairs", "repairing", "repaired"),
    ("harvest", "harvests", "harvesting", "harvested"),
    ("carve", "carves", "carving", "carved"),
    ("index", "indexes", "indexing", "indexed"),
    ("paint", "paints", "painting", "painted"),
    ("polish", "polishes", "polishing", "polished"),
    ("brew", "brews", "brewing", "brewed"),
    ("weave", "weaves", "weaving", "weaved"),
    ("stitch", "stitches", "stitching", "stitched"),
    ("smelt", "smelts", "smelting", "smelted"),
    ("catalog", "catalogs", "cataloging", "cataloged"),
    ("ferment", "ferments", "fermenting", "fermented"),
    ("forge", "forges", "forging", "forged"),
    ("plant", "plants", "planting", "planted"),
    ("measure", "measures", "measuring", "measured"),
    ("collect", "collects", "collecting", "collected"),
    ("trade", "trades", "trading", "traded"),
    ("guard", "guards", "guarding", "guarded"),
    ("study", "studies", "studying", "studied"),
    ("sculpt", "sculpts", "sculpting", "sculpted"),
    ("bake", "bakes", "baking", "baked"),
    ("mend", "mends", "mending", "mended"),
    ("ship", "ships", "shipping", "shipped"),
    ("store", "stores", "storing", "stored"),
    ("engrave", "engraves", "engraving", "engraved"),
    ("varnish", "varnishes", "varnishing", "varnished"),
    ("assemble", "assembles", "assembling", "assembled"),
    ("restore", "restores", "restoring", "restored"),
    ("decorate", "decorates", "decorating", "decorated"),
    ("inspect", "inspects", "inspecting", "inspected"),
];

/// A noun's singular and plural.
const NOUNS: &[(&str, &str)] = &[
    ("lantern", "lanterns"),
    ("barrel", "barrels"),
    ("bridge", "bridges"),
    ("compass", "compasses"),
    ("box", "boxes"),
    ("clock", "clocks"),
    ("kite", "kites"),
    ("mirror", "mirrors"),
    ("anchor", "anchors"),
    ("saddle", "saddles"),
    ("telescope", "telescopes"),
    ("quilt", "quilts"),
    ("bell", "bells"),
    ("drum", "drums"),
    ("ledger", "ledgers"),
    ("statue", "statues"),
    ("carpet", "carpets"),
    ("bottle", "bottles"),
    ("harp", "harps"),
    ("candle", "candles"),
    ("wheel", "wheels"),
    ("banner", "banners"),
    ("church", "churches"),
    ("glass", "glasses"),
    ("battery", "batteries"),
    ("rope", "ropes"),
    ("helmet", "helmets"),
    ("scroll", "scrolls"),
    ("fountain", "fountains"),
    ("basket", "baskets"),
    ("pipe", "pipes"),
    ("loom", "looms"),
    ("feather", "feathers"),
    ("shield", "shields"),
    ("spoon", "spoons"),
    ("ladder", "ladders"),
];

const MATERIALS: &[&str] = &[
    "copper", "amber", "cedar", "granite", "silver", "crimson", "velvet", "ivory", "cobalt", "walnut", "obsidian",
    "jade", "linen", "bronze", "marble", "saffron", "indigo", "pewter", "birch", "coral", "slate", "emerald", "bamboo",
    "tin", "oak",
];

const SYLLABLES: &[&str] = &[
    "ka", "vel", "mo", "ra", "zin", "tor", "quo", "li", "san", "dre", "fo", "gu", "bex", "nim", "tha", "pol", "wyn",
    "ost", "ael", "rim", "cor", "yu", "pex", "lan", "dov", "ish", "mer", "gal",
];

const FILLER: &[&str] = &[
    "The guild was founded long ago, and its members still meet every season in the old hall.",
    "Visitors from the city often come to the market to watch the members at work.",
    "Apprentices join the guild young and learn the craft over many years.",
    "The guild keeps careful records of its work and of the families who belong to it.",
    "Each spring the members hold a festival with music, food and long speeches.",
    "The hall of the guild stands near the river, beside the old stone gate.",
];

/// A made-up capitalised name of two or three syllables.
fn name(rng: &mut Rng) -> String {
    let count = 2 + rng.below(2);
    let mut name: String = (0..count).map(|_| *rng.pick(SYLLABLES)).collect();
    if let Some(first) = name.get(..1).map(str::to_uppercase) {
        name.replace_range(..1, &first);
    }
    name
}

/// One fact of a document: the verb, material and noun, and the sentence
/// form used (0: `-ing` and plural, 1: past and plural, 2: third person and
/// singular).
#[derive(Debug, Clone, Copy)]
struct Fact {
    verb: usize,
    material: usize,
    noun: usize,
    form: usize,
}

fn fact_sentence(guild: &str, place: &str, fact: Fact) -> String {
    let (_, third, ing, past) = VERBS[fact.verb];
    let material = MATERIALS[fact.material];
    let (singular, plural) = NOUNS[fact.noun];
    match fact.form {
        0 => format!("Members of the {guild} guild spend their days {ing} {material} {plural} near {place}."),
        1 => format!("Long ago the {guild} guild {past} {material} {plural} for the market of {place}."),
        _ => format!("Every winter the {guild} workshop {third} a {material} {singular} for visitors from {place}."),
    }
}

/// A question about `fact`, in a verb form other than the sentence's.
fn question_text(rng: &mut Rng, fact: Fact) -> String {
    let (base, third, ing, past) = VERBS[fact.verb];
    let material = MATERIALS[fact.material];
    let (singular, plural) = NOUNS[fact.noun];
    let forms: Vec<usize> = (0..4).filter(|&form| form != fact.form).collect();
    match *rng.pick(&forms) {
        0 => format!("Who was {ing} the {singular} made from {material}?"),
        1 => format!("Which guild {past} a {singular} of {material}?"),
        2 => format!("Which guild {third} {material} {plural}?"),
        _ => format!("Tell me about the people who {base} a {singular} of {material}."),
    }
}

/// `documents` documents and `questions` questions (at most one per
/// document), the same for the same seed.
pub(crate) fn generate(seed: u64, documents: usize, questions: usize) -> Corpus {
    let mut rng = Rng::new(seed);
    let mut names = HashSet::new();
    let mut used = HashSet::new();
    let mut docs = Vec::with_capacity(documents);
    let mut facts_of: Vec<Vec<Fact>> = Vec::with_capacity(documents);
    while docs.len() < documents {
        let guild = name(&mut rng);
        if !names.insert(guild.clone()) {
            continue;
        }
        let place = name(&mut rng);
        let mut facts = Vec::new();
        while facts.len() < 3 {
            let fact = Fact {
                verb: rng.below(VERBS.len()),
                material: rng.below(MATERIALS.len()),
                noun: rng.below(NOUNS.len()),
                form: rng.below(3),
            };
            if used.insert((fact.verb, fact.material, fact.noun)) {
                facts.push(fact);
            }
        }
        let mut sentences: Vec<String> = facts.iter().map(|&fact| fact_sentence(&guild, &place, fact)).collect();
        for _ in 0..2 {
            sentences.insert(rng.below(sentences.len() + 1), (*rng.pick(FILLER)).to_owned());
        }
        let title = format!("The {guild} guild");
        let text = format!("# {title}\n\n{}\n\n{}\n", sentences[..2].join(" "), sentences[2..].join(" "));
        docs.push(Document { title, text });
        facts_of.push(facts);
    }
    let mut asked = HashSet::new();
    let mut list = Vec::with_capacity(questions);
    while list.len() < questions.min(documents) {
        let answer = rng.below(documents);
        if !asked.insert(answer) {
            continue;
        }
        let fact = *rng.pick(&facts_of[answer]);
        list.push(Question { text: question_text(&mut rng, fact), answer });
    }
    Corpus { documents: docs, questions: list }
}
