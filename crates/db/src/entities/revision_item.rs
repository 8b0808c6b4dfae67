use sea_orm::entity::prelude::*;

/// One item of a revision request: where (a page or field) and what, with the appraiser's answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "revision_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub round_id: i64,
    pub position: i32,
    pub reference: String,
    pub text: String,
    pub answer: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
