//! US states and counties, parsed once from the shipped Census lists.
use std::collections::HashMap;
use std::sync::OnceLock;

const STATES_CSV: &str = include_str!("../../data/us-states.csv");
const COUNTIES_CSV: &str = include_str!("../../data/us-counties-2020.csv");

pub struct State {
    pub name: String,
    pub postal: String,
    pub counties: Vec<String>,
}

fn rows(csv: &str) -> impl Iterator<Item = Vec<&str>> {
    csv.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
}

fn load() -> Vec<State> {
    let mut by_fips: HashMap<String, State> = HashMap::new();
    let mut order = Vec::new();
    for row in rows(STATES_CSV) {
        let (name, postal, fips) = (row[0], row[1], row[2]);
        order.push(fips.to_string());
        by_fips.insert(
            fips.to_string(),
            State { name: name.into(), postal: postal.into(), counties: Vec::new() },
        );
    }
    let mut seen = std::collections::HashSet::new();
    for row in rows(COUNTIES_CSV) {
        // The list names DC's one county-equivalent twice under the same code; keep the first.
        if !seen.insert((row[0], row[1])) {
            continue;
        }
        if let Some(state) = by_fips.get_mut(row[0]) {
            state.counties.push(row[2].to_string());
        }
    }
    let mut states: Vec<State> = order.into_iter().filter_map(|f| by_fips.remove(&f)).collect();
    for s in &mut states {
        s.counties.sort();
    }
    states.sort_by(|a, b| a.name.cmp(&b.name));
    states
}

pub fn states() -> &'static [State] {
    static STATES: OnceLock<Vec<State>> = OnceLock::new();
    STATES.get_or_init(load)
}

/// A state by its postal code, in any case.
pub fn state(postal: &str) -> Option<&'static State> {
    states().iter().find(|s| s.postal.eq_ignore_ascii_case(postal.trim()))
}

pub fn is_county_of(postal: &str, county: &str) -> bool {
    state(postal).is_some_and(|s| s.counties.iter().any(|c| c.eq_ignore_ascii_case(county.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn census_lists_load() {
        assert!(states().len() >= 51);
        let texas = state("tx").unwrap();
        assert_eq!(texas.name, "Texas");
        assert_eq!(texas.counties.len(), 254);
        assert!(is_county_of("TX", "travis county"));
        assert!(!is_county_of("TX", "Cook County"));
        assert_eq!(state("DC").unwrap().counties.len(), 1);
        assert!(state("XX").is_none());
        let total: usize = states().iter().map(|s| s.counties.len()).sum();
        assert_eq!(total, 3235, "every county of the listed states, DC counted once");
    }
}
