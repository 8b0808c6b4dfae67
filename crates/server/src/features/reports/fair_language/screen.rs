//! The screening itself: rules (case-insensitive regular expressions) run over a report's texts.
//! A hit inside a street or place name ("12 Church St", "Temple Terrace") is only `info`: a name,
//! not a description, though a reviewer can still see it.
use regex::{Regex, RegexBuilder};

/// The severities, from the one that stops delivery to the one that only informs.
pub const SEVERITIES: [&str; 3] = ["block", "warn", "info"];

/// Longest pattern a rule may have.
pub const MAX_PATTERN: usize = 300;
/// Characters of context kept on each side of a hit.
const CONTEXT: usize = 60;

/// Street-name endings: a hit right before one of these, capitalised, names a street.
const STREET_WORDS: [&str; 13] = [
    "st", "street", "ave", "avenue", "rd", "road", "ln", "lane", "dr", "drive", "blvd", "way",
    "court",
];

pub struct Rule {
    pub id: String,
    pub version: i32,
    pub severity: String,
    pub pattern: Regex,
}

/// Compiles a rule's pattern (case-insensitive, bounded in size); the error says what is wrong.
pub fn compile(pattern: &str) -> Result<Regex, String> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .size_limit(1 << 20)
        .build()
        .map_err(|e| e.to_string().lines().last().unwrap_or("invalid").trim().to_string())
}

/// A text to screen and where it is.
pub struct Passage<'a> {
    pub location: String,
    pub text: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub rule_id: String,
    pub rule_version: i32,
    pub severity: String,
    pub excerpt: String,
    pub location: String,
}

/// Every hit of the rules in the passages, in passage order; `places` are the street and place
/// names the report and the order give.
pub fn screen(rules: &[Rule], passages: &[Passage], places: &[String]) -> Vec<Hit> {
    let mut hits = Vec::new();
    for passage in passages {
        let named = name_spans(passage.text, places);
        for rule in rules {
            for found in rule.pattern.find_iter(passage.text) {
                if found.as_str().trim().is_empty() {
                    continue;
                }
                let in_a_name = named.iter().any(|(s, e)| *s <= found.start() && found.end() <= *e)
                    || names_a_street(passage.text, found.start(), found.end());
                hits.push(Hit {
                    rule_id: rule.id.clone(),
                    rule_version: rule.version,
                    severity: if in_a_name { "info".into() } else { rule.severity.clone() },
                    excerpt: excerpt(passage.text, found.start(), found.end()),
                    location: passage.location.clone(),
                });
            }
        }
    }
    hits
}

/// Where the places' names (and their street names without a house number) occur in the text.
fn name_spans(text: &str, places: &[String]) -> Vec<(usize, usize)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return Vec::new();
    }
    let mut spans = Vec::new();
    for place in places {
        let place = place.trim().to_lowercase();
        let street = place.trim_start_matches(|c: char| c.is_ascii_digit() || c == '-').trim();
        for name in [place.as_str(), street] {
            if name.len() < 3 {
                continue;
            }
            spans.extend(lower.match_indices(name).map(|(at, _)| (at, at + name.len())));
        }
    }
    spans
}

/// A capitalised hit followed by a street word: "Church St", "Temple Road".
fn names_a_street(text: &str, start: usize, end: usize) -> bool {
    let capitalised = text[start..].chars().next().is_some_and(char::is_uppercase);
    let next = text[end..].split_whitespace().next().unwrap_or_default().to_lowercase();
    let next = next.trim_end_matches([',', ';', ':', ')']);
    capitalised
        && (STREET_WORDS.contains(&next) || STREET_WORDS.contains(&next.trim_end_matches('.')))
}

/// The hit with some words either side, on one line.
fn excerpt(text: &str, start: usize, end: usize) -> String {
    let from = floor_char(text, start.saturating_sub(CONTEXT));
    let to = ceil_char(text, (end + CONTEXT).min(text.len()));
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.push_str(&text[from..to].split_whitespace().collect::<Vec<_>>().join(" "));
    if to < text.len() {
        out.push('…');
    }
    out
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(id: &str, pattern: &str, severity: &str) -> Rule {
        Rule {
            id: id.into(),
            version: 1,
            severity: severity.into(),
            pattern: compile(pattern).unwrap(),
        }
    }

    fn rules() -> Vec<Rule> {
        vec![
            rule("pride", r"\b(no |lack of )?pride of ownership\b", "block"),
            rule("church", r"\bchurch(es)?\b", "warn"),
        ]
    }

    fn passage(text: &str) -> Vec<Passage<'_>> {
        vec![Passage { location: "NEIGHBORHOOD/@_Description".into(), text }]
    }

    #[test]
    fn a_rule_finds_its_words_whatever_the_case() {
        let hits = screen(&rules(), &passage("Homes show PRIDE of Ownership."), &[]);
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].rule_id, "pride");
        assert_eq!(hits[0].severity, "block");
        assert_eq!(hits[0].excerpt, "Homes show PRIDE of Ownership.");
        assert_eq!(hits[0].location, "NEIGHBORHOOD/@_Description");
    }

    #[test]
    fn a_street_or_place_name_is_only_information() {
        let places = vec!["12 Church St".to_string()];
        let hits =
            screen(&rules(), &passage("The subject, 12 Church St, faces a church."), &places);
        let severities: Vec<&str> = hits.iter().map(|h| h.severity.as_str()).collect();
        assert_eq!(severities, ["info", "warn"]);
        let unnamed = screen(&rules(), &passage("Comparable 2 is on Church Street."), &[]);
        assert_eq!(unnamed[0].severity, "info");
        let lower = screen(&rules(), &passage("near the church street fair"), &[]);
        assert_eq!(lower[0].severity, "warn");
    }

    #[test]
    fn an_excerpt_keeps_context_on_one_line() {
        let long = format!("{}pride of ownership\n\nis {}", "word ".repeat(30), "more ".repeat(30));
        let hit = &screen(&rules(), &passage(&long), &[])[0];
        assert!(hit.excerpt.starts_with('…') && hit.excerpt.ends_with('…'), "{}", hit.excerpt);
        assert!(hit.excerpt.contains("pride of ownership is"), "{}", hit.excerpt);
        let accented = "é".repeat(40) + " pride of ownership " + &"ü".repeat(40);
        assert!(screen(&rules(), &passage(&accented), &[])[0].excerpt.contains("pride"));
    }

    #[test]
    fn a_bad_pattern_says_why() {
        assert!(compile("(unclosed").is_err());
        assert!(compile(r"\bfine\b").is_ok());
    }
}
