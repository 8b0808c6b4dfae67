use sea_orm::entity::prelude::*;

/// The company's assignment policy (one row): manual, offer in turn or broadcast.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assignment_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    pub mode: String,
    /// Business hours an offer in turn stays open.
    pub offer_hours: i32,
    /// How many appraisers a broadcast reaches.
    pub broadcast_size: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
