use sea_orm::entity::prelude::*;

/// A user of a client (a lender's employee): they see that client's orders only, and of those what
/// their role allows (`role`: lender_admin, branch_manager, processor, loan_officer, viewer).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i32,
    pub client_id: i32,
    pub role: String,
    /// The branch of a branch manager or processor (and of anyone placing orders there).
    pub branch_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
