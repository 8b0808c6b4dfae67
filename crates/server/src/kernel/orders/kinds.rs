//! The kinds of property and the intended uses an order names, by their 1-based ids.
/// Property types of the order form; an order keeps the label.
pub const PROPERTY_TYPES: [&str; 7] = [
    "Single Family Residence",
    "Condominium",
    "Townhouse",
    "2-4 Unit Residential",
    "Manufactured Home",
    "Planned Unit Development",
    "Vacant Land",
];

/// Intended uses of the order form; an order keeps the label.
pub const INTENDED_USES: [&str; 6] =
    ["Purchase", "Refinance", "Home Equity", "Construction", "Estate Settlement", "Divorce"];

/// The label of option `id` (1-based) of `labels`.
pub fn option_label(labels: &'static [&'static str], id: i32) -> Option<&'static str> {
    usize::try_from(id).ok().and_then(|i| i.checked_sub(1)).and_then(|i| labels.get(i)).copied()
}

/// The id (1-based) of the option labelled `label`.
pub fn option_id(labels: &[&str], label: &str) -> Option<i32> {
    labels.iter().position(|l| *l == label).and_then(|i| i32::try_from(i + 1).ok())
}
