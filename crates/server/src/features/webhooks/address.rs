//! Where webhooks may go: `https` URLs whose host resolves only to public addresses, checked when
//! an endpoint is made and again at each connection (a resolver that refuses the rest, so a name
//! that later resolves to an inside address is refused too). `allow_private` (development and
//! tests) also admits `http`, loopback and private addresses; link-local and cloud metadata
//! addresses such as 169.254.169.254 stay refused whatever the setting.
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

pub const MAX_URL: usize = 2000;

/// Why an address may not receive webhooks, if it may not.
pub fn refusal(ip: IpAddr, allow_private: bool) -> Option<&'static str> {
    let ip = match ip {
        IpAddr::V6(v6) => embedded_ipv4(v6).map(IpAddr::V4).unwrap_or(IpAddr::V6(v6)),
        v4 => v4,
    };
    let (link_local, inside) = match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            let carrier_nat = o[0] == 100 && (64..128).contains(&o[1]);
            (
                v4.is_link_local(),
                v4.is_loopback()
                    || v4.is_private()
                    || v4.is_unspecified()
                    || v4.is_broadcast()
                    || carrier_nat
                    || o[0] == 0,
            )
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            let unique_local = (s[0] & 0xfe00) == 0xfc00;
            let link_local = (s[0] & 0xffc0) == 0xfe80;
            (link_local, v6.is_loopback() || v6.is_unspecified() || unique_local)
        }
    };
    if link_local || is_metadata(ip) {
        return Some("a link-local or cloud metadata address");
    }
    if inside && !allow_private {
        return Some("a loopback or private address");
    }
    None
}

/// The IPv4 address an IPv6 address carries, judged as that address: mapped (`::ffff:a.b.c.d`),
/// IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`) and 6to4 (`2002::/16`).
fn embedded_ipv4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let o = v6.octets();
    let last_four = Ipv4Addr::new(o[12], o[13], o[14], o[15]);
    if let Some(mapped) = v6.to_ipv4_mapped() {
        return Some(mapped);
    }
    match s {
        [0, 0, 0, 0, 0, 0, _, _] if !v6.is_loopback() && !v6.is_unspecified() => Some(last_four),
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(last_four),
        [0x64, 0xff9b, 1, ..] => Some(last_four),
        [0x2002, ..] => Some(Ipv4Addr::new(o[2], o[3], o[4], o[5])),
        _ => None,
    }
}

fn is_metadata(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.octets() == [169, 254, 169, 254] || v4.octets() == [100, 100, 100, 200]
        }
        IpAddr::V6(v6) => v6.segments() == [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254],
    }
}

/// The URL's own checks (scheme, length, no credentials); its addresses are checked when resolved.
pub fn check_url(raw: &str, allow_private: bool) -> Result<url::Url, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err("URL is required.".into());
    }
    if raw.len() > MAX_URL {
        return Err(format!("URL can be at most {MAX_URL} characters long."));
    }
    let url = url::Url::parse(raw).map_err(|_| format!("URL '{raw}' is not a valid address."))?;
    match url.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err("URL must start with https://.".into()),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("URL must not hold a user name or password.".into());
    }
    let Some(host) = url.host_str() else { return Err("URL must name a host.".into()) };
    if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
        && let Some(why) = refusal(ip, allow_private)
    {
        return Err(format!("URL must not point to {why}."));
    }
    Ok(url)
}

/// Resolves the URL's host now and refuses it when any address is not allowed.
pub async fn check_resolves(url: &url::Url, allow_private: bool) -> Result<(), String> {
    let host = url.host_str().unwrap_or_default().trim_matches(['[', ']']).to_string();
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), port))
        .await
        .map_err(|_| format!("URL host '{host}' could not be found."))?
        .collect();
    if addrs.is_empty() {
        return Err(format!("URL host '{host}' could not be found."));
    }
    for addr in addrs {
        if let Some(why) = refusal(addr.ip(), allow_private) {
            return Err(format!("URL host '{host}' points to {why}."));
        }
    }
    Ok(())
}

/// The resolver of the delivery client: the system's answers, with refused addresses removed (a
/// host with none left fails to connect).
#[derive(Clone)]
pub struct GuardedResolver {
    pub allow_private: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let allowed: Vec<SocketAddr> =
                found.filter(|a| refusal(a.ip(), allow_private).is_none()).collect();
            if allowed.is_empty() {
                let error: Box<dyn std::error::Error + Send + Sync> =
                    format!("{} resolves to no address webhooks may reach", name.as_str()).into();
                return Err(error);
            }
            let addrs: Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}

/// The HTTP client deliveries use: 10 s per attempt, no redirects, the guarded resolver.
pub fn client(allow_private: bool) -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(10))
        .connect_timeout(std::time::Duration::from_secs(5))
        .dns_resolver(Arc::new(GuardedResolver { allow_private }))
        .user_agent("AppraisalPortal-Webhooks/1")
        .build()
        .expect("the webhook client builds")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_addresses_are_refused_and_metadata_always() {
        for (ip, strict, relaxed) in [
            ("8.8.8.8", true, true),
            ("127.0.0.1", false, true),
            ("10.1.2.3", false, true),
            ("192.168.0.9", false, true),
            ("::1", false, true),
            ("fd12::1", false, true),
            ("169.254.169.254", false, false),
            ("169.254.10.1", false, false),
            ("fe80::1", false, false),
            ("::ffff:169.254.169.254", false, false),
            ("::ffff:127.0.0.1", false, true),
            ("64:ff9b::a9fe:a9fe", false, false),
            ("64:ff9b::10.0.0.1", false, true),
            ("64:ff9b::8.8.8.8", true, true),
            ("64:ff9b:1::7f00:1", false, true),
            ("2002:a9fe:a9fe::1", false, false),
            ("2002:c0a8:0001::1", false, true),
            ("2002:0808:0808::1", true, true),
            ("::127.0.0.1", false, true),
            ("::169.254.169.254", false, false),
            ("::10.1.2.3", false, true),
            ("2606:4700::1111", true, true),
        ] {
            let ip: IpAddr = ip.parse().unwrap();
            assert_eq!(refusal(ip, false).is_none(), strict, "{ip} strict");
            assert_eq!(refusal(ip, true).is_none(), relaxed, "{ip} relaxed");
        }
    }

    #[test]
    fn urls_must_be_https_without_credentials() {
        assert!(check_url("https://hooks.example.com/x", false).is_ok());
        assert_eq!(
            check_url("http://hooks.example.com/x", false).unwrap_err(),
            "URL must start with https://."
        );
        assert!(check_url("http://127.0.0.1:9000/x", true).is_ok());
        assert!(check_url("https://127.0.0.1/x", false).is_err());
        assert!(check_url("http://169.254.169.254/latest", true).is_err());
        assert!(check_url("https://user:pw@hooks.example.com/", false).is_err());
        assert!(check_url("ftp://hooks.example.com/", true).is_err());
    }
}
