//! E-mail delivery over SMTP (lettre), or into the log when no SMTP server is configured.
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use portal_db::entities::outbox;

use super::Attachment;

#[async_trait::async_trait]
pub trait EmailTransport: Send + Sync {
    async fn send(
        &self,
        message: &outbox::Model,
        attachment: Option<Attachment>,
    ) -> Result<(), String>;
}

pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Smtp {
    /// `smtp://host:port` (plain), `?tls=required` for STARTTLS, `smtps://` for implicit TLS.
    pub fn new(url: &str, from: &str) -> Result<Smtp, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("PORTAL_SMTP_URL is not usable: {e}"))?
            .build();
        let from = from.parse().map_err(|e| format!("PORTAL_MAIL_FROM: {e}"))?;
        Ok(Smtp { transport, from })
    }
}

#[async_trait::async_trait]
impl EmailTransport for Smtp {
    async fn send(&self, m: &outbox::Model, attachment: Option<Attachment>) -> Result<(), String> {
        let to: Mailbox =
            m.recipient.parse().map_err(|e| format!("bad recipient {}: {e}", m.recipient))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject.clone())
            .message_id(Some(message_id(m.id, &self.from)));
        let text = match &m.body_html {
            Some(html) => MultiPart::alternative_plain_html(m.body_text.clone(), html.clone()),
            None => MultiPart::mixed().singlepart(SinglePart::plain(m.body_text.clone())),
        };
        let email = match attachment {
            Some(file) => {
                let content_type = ContentType::parse(&file.content_type)
                    .map_err(|e| format!("attachment {}: {e}", file.file_name))?;
                let part =
                    lettre::message::Attachment::new(file.file_name).body(file.bytes, content_type);
                builder.multipart(MultiPart::mixed().multipart(text).singlepart(part))
            }
            None if m.body_html.is_none() => builder.body(m.body_text.clone()),
            None => builder.multipart(text),
        }
        .map_err(|e| e.to_string())?;
        self.transport.send(email).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// One Message-ID per outbox message, the same on every attempt: when a send reached the mail
/// server but the database could not record it (a copy killed, the database restarting), the
/// repeat carries the same id and mail systems keep one.
pub fn message_id(outbox_id: i64, from: &Mailbox) -> String {
    format!("<outbox-{outbox_id}@{}>", from.email.domain())
}

/// Development: the e-mail goes to the log (and stays readable in the outbox).
pub struct LogEmail;

#[async_trait::async_trait]
impl EmailTransport for LogEmail {
    async fn send(&self, m: &outbox::Model, attachment: Option<Attachment>) -> Result<(), String> {
        let attached = attachment.map(|a| a.file_name).unwrap_or_default();
        tracing::info!(
            to = %m.recipient,
            subject = %m.subject,
            body = %m.body_text,
            attached,
            "e-mail (no SMTP server configured)"
        );
        Ok(())
    }
}
