//! Appraiser independence: what is sent to the appraiser must not press for a value, nor carry
//! the borrower's contact details. The parts that do are held back (and the case is flagged for
//! staff); the rest is sent.
use std::sync::LazyLock;

use regex::{Regex, RegexBuilder};

fn pattern(text: &str) -> Regex {
    RegexBuilder::new(text).case_insensitive(true).build().expect("a valid pattern")
}

/// A target value: "bring the value to $450,000", "need 450k", "value must be",
/// "should come in at".
static VALUE_TARGET: LazyLock<Regex> = LazyLock::new(|| {
    pattern(concat!(
        r"(\b(bring|get|raise|push|move)\b[^.!?\n]{0,40}\bvalue\b[^.!?\n]{0,20}\b(to|at|up)\b)",
        r"|(\bvalue\s+(must|should|needs?\s+to|has\s+to)\s+be\b)",
        r"|(\b(need|needs|needed|want|wants|require|requires|target|targeting)\b[^.!?\n]{0,30}",
        r"(\$\s?\d[\d,.]*\s*[km]?\b|\b\d{2,3}(,\d{3})+\b|\b\d+(\.\d+)?\s?[km]\b))",
        r"|(\b(come|comes|came)\s+in\s+at\b)",
        r"|(\bhit\b[^.!?\n]{0,20}\$\s?\d)",
    ))
});

/// E-mail addresses and North American telephone numbers.
static CONTACT: LazyLock<Regex> = LazyLock::new(|| {
    pattern(r"([\w.+-]+@[\w-]+(\.[\w-]+)+)|(\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b)")
});

/// What screening left of a text, and what it held back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screened {
    pub sent: String,
    pub withheld: Vec<String>,
}

/// The text with every sentence that presses for a value, and every contact detail, held back.
pub fn screen(text: &str) -> Screened {
    let mut withheld = Vec::new();
    let mut kept = Vec::new();
    for sentence in sentences(text) {
        if VALUE_TARGET.is_match(sentence) {
            withheld.push(sentence.trim().to_string());
            continue;
        }
        let mut clean = sentence.to_string();
        for found in CONTACT.find_iter(sentence) {
            withheld.push(found.as_str().to_string());
            clean = clean.replace(found.as_str(), "[contact details withheld]");
        }
        kept.push(clean.trim().to_string());
    }
    Screened { sent: kept.join(" ").trim().to_string(), withheld }
}

/// Sentences, ending at `.`, `!`, `?` or a line break (an amount's "450.5" stays whole).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (i, (at, c)) in chars.iter().enumerate() {
        let next = chars.get(i + 1).map(|(_, n)| *n);
        let ends =
            matches!(c, '!' | '?' | '\n') || (*c == '.' && next.is_none_or(char::is_whitespace));
        if ends {
            let end = at + c.len_utf8();
            if !text[start..end].trim().is_empty() {
                out.push(&text[start..end]);
            }
            start = end;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_targets_are_held_back_and_the_rest_is_sent() {
        for pressing in [
            "Please bring the value to $450,000.",
            "We need 450k to close.",
            "The value must be at least the contract price.",
            "It should come in at 455,000.",
            "Borrower needs $452,500 for the loan.",
        ] {
            let text = format!("Comparable 2 sold in May. {pressing} The GLA is wrong.");
            let screened = screen(&text);
            assert_eq!(screened.withheld, [pressing], "{pressing}");
            assert_eq!(screened.sent, "Comparable 2 sold in May. The GLA is wrong.");
        }
    }

    #[test]
    fn contact_details_are_replaced() {
        let screened = screen("Call me at (512) 555-0142 or jo@example.com. The pool was missed.");
        assert_eq!(screened.withheld, ["(512) 555-0142", "jo@example.com"]);
        assert!(!screened.sent.contains("555") && !screened.sent.contains('@'));
        assert!(screened.sent.contains("The pool was missed."));
    }

    #[test]
    fn facts_with_numbers_pass() {
        let text = "Comparable 3 at 14 Elm St sold for $455,000 on 3/2/2026. GLA is 1,850 sq ft.";
        assert_eq!(screen(text), Screened { sent: text.to_string(), withheld: vec![] });
    }
}
