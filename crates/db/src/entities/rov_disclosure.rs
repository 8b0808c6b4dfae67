use sea_orm::entity::prelude::*;

/// A version of a client's reconsideration-of-value disclosure.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rov_disclosures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub client_id: i32,
    pub version: i32,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub created_by: Option<i32>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
