use sea_orm::entity::prelude::*;

/// One question of a product's review checklist; without a product, of the default list. A
/// retired item keeps its answers but is no longer asked.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "checklist_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub report_type_id: Option<i32>,
    pub position: i32,
    pub text: String,
    pub retired: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
