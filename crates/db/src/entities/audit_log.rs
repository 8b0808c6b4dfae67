use sea_orm::entity::prelude::*;

/// One audited event. `actor_user_id` is who did it; `subject_user_id` is whom it concerned
/// (the signed-in identity when a SECRET user acts as an appraiser, or the account a failed
/// sign-in named).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub at: DateTimeUtc,
    pub actor_user_id: Option<i32>,
    pub subject_user_id: Option<i32>,
    pub action: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub detail: Option<String>,
    pub ip: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
