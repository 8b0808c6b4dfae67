//! E-mail and SMS through the outbox: a message is written in the same transaction as the
//! event that causes it, and the sender delivers it later with retries.
pub mod email;
pub mod mailbox;
pub mod sender;
pub mod sms;

use chrono::Utc;
use portal_db::entities::outbox;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, Set,
};

use crate::platform::http::error::AppResult;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
        }
    }
}

/// A message to queue.
pub struct Outgoing {
    pub channel: Channel,
    pub recipient: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

/// Queues an e-mail of plain lines (sent as text, and as escaped HTML with a line break each);
/// call it inside the transaction of the event that causes it. Answers its outbox id.
pub async fn email(
    db: &impl ConnectionTrait,
    recipient: &str,
    subject: String,
    lines: Vec<String>,
) -> AppResult<i64> {
    let text = lines.join("\n");
    let html = format!("<p>{}</p>", html_escape(&text).replace('\n', "<br>"));
    enqueue(
        db,
        Outgoing {
            channel: Channel::Email,
            recipient: recipient.into(),
            subject,
            text,
            html: Some(html),
        },
    )
    .await
}

/// `email` with an attachment made when the message is sent (`reference` as `Attachments` reads
/// it).
pub async fn email_attaching(
    db: &impl ConnectionTrait,
    recipient: &str,
    subject: String,
    lines: Vec<String>,
    reference: &str,
) -> AppResult<i64> {
    let id = email(db, recipient, subject, lines).await?;
    outbox::Entity::update_many()
        .col_expr(outbox::Column::Attachment, sea_orm::sea_query::Expr::value(reference))
        .filter(outbox::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(id)
}

/// A file an e-mail carries.
pub struct Attachment {
    pub file_name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Makes the attachments that outbox rows name by reference (a feature above this floor knows
/// how; the top wires it into the sender).
#[async_trait::async_trait]
pub trait Attachments: Send + Sync {
    async fn fetch(&self, reference: &str) -> Result<Attachment, String>;
}

/// Without a maker: a message naming an attachment cannot be sent.
pub struct NoAttachments;

#[async_trait::async_trait]
impl Attachments for NoAttachments {
    async fn fetch(&self, reference: &str) -> Result<Attachment, String> {
        Err(format!("nothing makes the attachment {reference}"))
    }
}

/// Queues a message; call it inside the transaction of the event that causes it.
pub async fn enqueue(db: &impl ConnectionTrait, message: Outgoing) -> AppResult<i64> {
    let now = Utc::now();
    let row = outbox::ActiveModel {
        id: NotSet,
        channel: Set(message.channel.as_str().to_string()),
        recipient: Set(message.recipient),
        subject: Set(message.subject),
        body_text: Set(message.text),
        body_html: Set(message.html),
        created_at: Set(now),
        attempts: Set(0),
        next_attempt_at: Set(now),
        claimed_by: Set(None),
        claimed_until: Set(None),
        sent_at: Set(None),
        failed_at: Set(None),
        last_error: Set(None),
        attachment: Set(None),
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Escapes text for the HTML body of an e-mail.
pub fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}
