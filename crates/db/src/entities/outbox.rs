use sea_orm::entity::prelude::*;

/// An e-mail or SMS waiting for (or done with) delivery. Written in the same transaction as
/// the event that causes it; the sender claims rows so that one server delivers each.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// "email" or "sms"
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub body_text: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub body_html: Option<String>,
    pub created_at: DateTimeUtc,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub claimed_by: Option<String>,
    pub claimed_until: Option<DateTimeUtc>,
    pub sent_at: Option<DateTimeUtc>,
    pub failed_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// What to attach, by reference (`invoice:42`), made when the e-mail is sent.
    pub attachment: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
