use sea_orm::entity::prelude::*;

/// One step of a reconsideration: who, when, and their note.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reconsideration_steps")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub reconsideration_id: i64,
    pub step: String,
    pub actor_id: Option<i32>,
    pub actor: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
