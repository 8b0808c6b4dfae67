//! A small real SMTP server for tests: it speaks enough SMTP for lettre and keeps each message.
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

pub struct SmtpSink {
    pub url: String,
    pub messages: Arc<Mutex<Vec<String>>>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    write.write_all(b"220 sink ESMTP\r\n").await.ok();
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(body) = data.as_mut() {
                            if line == "." {
                                store.lock().unwrap().push(std::mem::take(body));
                                data = None;
                                write.write_all(b"250 OK queued\r\n").await.ok();
                            } else {
                                body.push_str(line.strip_prefix('.').unwrap_or(&line));
                                body.push('\n');
                            }
                            continue;
                        }
                        let verb =
                            line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "DATA" => {
                                data = Some(String::new());
                                b"354 End data with <CR><LF>.<CR><LF>\r\n"
                            }
                            "QUIT" => {
                                write.write_all(b"221 Bye\r\n").await.ok();
                                break;
                            }
                            _ => b"250 OK\r\n",
                        };
                        write.write_all(reply).await.ok();
                    }
                });
            }
        });
        SmtpSink { url, messages }
    }

    pub fn received(&self) -> Vec<String> {
        self.messages.lock().unwrap().clone()
    }
}
