use sea_orm::entity::prelude::*;

/// A user's notification choices: `choices` is a JSON object of event -> channel (events not in
/// it use their default); with `digest_hour` set, e-mails wait for one daily digest at that hour of
/// the company's day. `unsubscribe_token` is the secret of the e-mails' unsubscribe links.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notification_preferences")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i32,
    #[sea_orm(column_type = "Text")]
    pub choices: String,
    pub digest_hour: Option<i32>,
    /// The company day whose digest was last sent.
    pub last_digest_on: Option<Date>,
    #[sea_orm(unique)]
    pub unsubscribe_token: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
