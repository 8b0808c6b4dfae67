use sea_orm::entity::prelude::*;

/// Order `order_id` is a second appraisal of `first_order_id`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "second_appraisals")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub first_order_id: i64,
    #[sea_orm(column_type = "Text")]
    pub reason: String,
    pub requested_by: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
