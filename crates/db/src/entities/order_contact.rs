use sea_orm::entity::prelude::*;

/// A person to reach about an order; `contact_type` is upper-case words joined by underscores.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_contacts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub cell_phone: Option<String>,
    pub work_phone: Option<String>,
    pub home_phone: Option<String>,
    pub contact_type: String,
    /// A note about the contact (gate code, best time to call).
    pub notes: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
