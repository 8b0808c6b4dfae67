use sea_orm::entity::prelude::*;

/// A line of an appraiser's panel history: suspended or reinstated (with the reason), or their
/// answer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "panel_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Security user id of the appraiser.
    pub appraiser_id: i32,
    /// suspended, reinstated or answer.
    pub kind: String,
    pub text: String,
    pub by_user_id: Option<i32>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
