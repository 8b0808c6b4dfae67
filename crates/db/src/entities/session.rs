use sea_orm::entity::prelude::*;

/// A signed-in session. `id` is the SHA-256 of the cookie value, so a copy of the table
/// cannot be replayed as cookies. `acting_user_id` is set when a SECRET user acts as someone else.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: i32,
    pub acting_user_id: Option<i32>,
    pub csrf_token: String,
    pub created_at: DateTimeUtc,
    pub last_seen_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::security_user::Entity",
        from = "Column::UserId",
        to = "super::security_user::Column::Id"
    )]
    SecurityUser,
}

impl Related<super::security_user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::SecurityUser.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
