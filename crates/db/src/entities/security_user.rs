use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "security_users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub login_id: String,
    pub password_hash: String,
    pub user_type: crate::user_type::UserType,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub work_phone: Option<String>,
    pub cell_phone: Option<String>,
    pub cell_phone_carrier: Option<String>,
    pub active: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
