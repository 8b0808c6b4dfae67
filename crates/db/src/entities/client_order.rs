use sea_orm::entity::prelude::*;

/// The client's side of an order of theirs: where it came from (`staff`, `client_portal`, `api`),
/// who placed it, the due date they asked for, a cancel request, when it last changed for them and
/// when it was delivered.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_orders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub client_id: i32,
    pub source: String,
    pub placed_by_user_id: Option<i32>,
    pub requested_due_date: Option<Date>,
    #[sea_orm(column_type = "Text", nullable)]
    pub cancel_reason: Option<String>,
    pub cancel_requested_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
    pub delivered_at: Option<DateTimeUtc>,
    /// The lender's branch the order belongs to.
    pub branch_id: Option<i32>,
    /// The client user (a loan officer) the order is for.
    pub loan_officer_id: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
