use sea_orm::entity::prelude::*;

/// A product's turn time in one state, in place of its usual one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "turn_time_states")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub report_type_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub state_code: String,
    pub business_days: i32,
    pub rush_business_days: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
