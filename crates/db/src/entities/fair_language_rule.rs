use sea_orm::entity::prelude::*;

/// A fair-language screening rule: a case-insensitive regular expression, its severity (`block`,
/// `warn`, `info`) and the source it comes from. `version` counts its edits; `lexicon_version` is
/// the version of the whole rule set when it last changed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fair_language_rules")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub label: String,
    pub pattern: String,
    pub severity: String,
    pub source: String,
    pub active: bool,
    pub version: i32,
    pub lexicon_version: i32,
    pub updated_by: Option<i32>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
