use sea_orm::entity::prelude::*;

/// An automatic assignment decision: every candidate's figures and why each was left out (JSON).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assignment_decisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub decided_at: DateTimeUtc,
    pub mode: String,
    /// offered (someone was offered the order) or none (it went back to staff).
    pub outcome: String,
    pub candidates: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
