use sea_orm::entity::prelude::*;

/// Inspection windows offered to an order's contact, who picks one through the link without
/// signing in. `windows` is a JSON array of `{start, end}` instants. The link is open until
/// `expires_at` unless `ended_at` is set (a window was chosen, the inspection was set otherwise,
/// a newer link replaced it).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "scheduling_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub contact_name: String,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub windows: String,
    pub reason: Option<String>,
    pub created_by: i32,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    pub chosen_start: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
