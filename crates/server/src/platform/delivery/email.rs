//! E-mail delivery over SMTP (lettre), or into the log when no SMTP server is configured.
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use portal_db::entities::outbox;

#[async_trait::async_trait]
pub trait EmailTransport: Send + Sync {
    async fn send(&self, message: &outbox::Model) -> Result<(), String>;
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
    async fn send(&self, m: &outbox::Model) -> Result<(), String> {
        let to: Mailbox =
            m.recipient.parse().map_err(|e| format!("bad recipient {}: {e}", m.recipient))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject.clone())
            .message_id(Some(message_id(m.id, &self.from)));
        let email = match &m.body_html {
            Some(html) => builder
                .multipart(MultiPart::alternative_plain_html(m.body_text.clone(), html.clone())),
            None => builder.body(m.body_text.clone()),
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
    async fn send(&self, m: &outbox::Model) -> Result<(), String> {
        tracing::info!(to = %m.recipient, subject = %m.subject, body = %m.body_text, "e-mail (no SMTP server configured)");
        Ok(())
    }
}
