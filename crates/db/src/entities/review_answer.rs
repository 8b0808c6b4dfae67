use sea_orm::entity::prelude::*;

/// The reviewer's answer to one checklist item for one order: "pass", "fail" or "n/a".
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "review_answers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub checklist_item_id: i32,
    pub answer: String,
    pub note: Option<String>,
    pub user_id: i32,
    pub answered_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
