//! The order statuses (kept in the db crate, which stores them) and the status search's choices.
pub use portal_db::status::*;

/// One choice of the status search: every open status, every status, or one status. On the wire
/// -1, 0 or the status's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusChoice {
    Open,
    All,
    Only(OrderStatus),
}

impl StatusChoice {
    pub fn number(self) -> i32 {
        match self {
            StatusChoice::Open => -1,
            StatusChoice::All => 0,
            StatusChoice::Only(status) => status.id(),
        }
    }

    pub fn from_number(n: i32) -> Option<StatusChoice> {
        match n {
            -1 => Some(StatusChoice::Open),
            0 => Some(StatusChoice::All),
            n => OrderStatus::from_id(n).map(StatusChoice::Only),
        }
    }

    /// Open, All, then each status.
    pub fn all() -> impl Iterator<Item = StatusChoice> {
        [StatusChoice::Open, StatusChoice::All]
            .into_iter()
            .chain(OrderStatus::ALL.map(StatusChoice::Only))
    }

    /// The name the web app shows: "Open", "All", "In Review".
    pub fn label(self) -> String {
        match self {
            StatusChoice::Open => "Open".to_owned(),
            StatusChoice::All => "All".to_owned(),
            StatusChoice::Only(status) => status.label(),
        }
    }

    fn variant_name(self) -> String {
        match self {
            StatusChoice::Only(status) => format!("{status:?}"),
            group => format!("{group:?}"),
        }
    }
}

impl serde::Serialize for StatusChoice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i32(self.number())
    }
}

impl<'de> serde::Deserialize<'de> for StatusChoice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = <i32 as serde::Deserialize>::deserialize(deserializer)?;
        StatusChoice::from_number(n)
            .ok_or_else(|| serde::de::Error::custom(format!("Unknown status id {n}")))
    }
}

impl utoipa::PartialSchema for StatusChoice {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let values: Vec<_> = StatusChoice::all()
            .map(|c| (i64::from(c.number()), c.variant_name(), c.label()))
            .collect();
        let shown: Vec<_> =
            values.iter().map(|(n, name, label)| (*n, name.clone(), label.as_str())).collect();
        portal_db::numbered::integer_enum_schema(&shown)
    }
}

impl utoipa::ToSchema for StatusChoice {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_on_the_wire() {
        let choices: Vec<StatusChoice> = serde_json::from_str("[-1, 0, 14]").unwrap();
        assert_eq!(
            choices,
            [StatusChoice::Open, StatusChoice::All, StatusChoice::Only(OrderStatus::InReview)]
        );
        assert!(serde_json::from_str::<StatusChoice>("42").is_err());
        assert!(serde_json::from_str::<StatusChoice>("-2").is_err());
        assert_eq!(StatusChoice::all().count(), 43);
    }
}
