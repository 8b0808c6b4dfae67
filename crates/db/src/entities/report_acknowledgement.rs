use sea_orm::entity::prelude::*;

/// A staff member's acknowledgement of one warning (by code) of one data file.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "report_acknowledgements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub file_id: i64,
    pub code: String,
    pub user_id: i32,
    pub acknowledged_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
