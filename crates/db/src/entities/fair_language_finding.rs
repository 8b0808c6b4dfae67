use sea_orm::entity::prelude::*;

/// What a rule found in one report version (a report PDF or data file), with the staff
/// disposition once given.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fair_language_findings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub file_id: i64,
    pub rule_id: String,
    pub rule_version: i32,
    pub lexicon_version: i32,
    pub severity: String,
    pub excerpt: String,
    pub location: String,
    pub created_at: DateTimeUtc,
    pub disposition: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub disposition_note: Option<String>,
    pub disposed_by: Option<i32>,
    pub disposed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
