//! Start-up: migrations from several servers at once, the CLI, and bad configuration.
use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use portal::platform::config::Config;
use sea_orm::{ConnectionTrait, Database};

const BIN: &str = env!("CARGO_BIN_EXE_appraisal-portal");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_servers_can_migrate_one_postgres_database_at_once() {
    let Some(admin_url) = common::postgres_url() else {
        eprintln!("PORTAL_TEST_POSTGRES_URL not set: skipped");
        return;
    };
    let name = format!("portal_test_startup_{}", std::process::id());
    let admin = Database::connect(&admin_url).await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
    let (base, _) = admin_url.rsplit_once('/').unwrap();
    let config = Config { database_url: format!("{base}/{name}"), ..Config::default() };
    let starts = (0..4).map(|_| {
        let config = config.clone();
        tokio::spawn(
            async move { portal::platform::state::open_database(&config).await.map(|_| ()) },
        )
    });
    for start in starts {
        start.await.unwrap().expect("each server migrates or finds the schema up to date");
    }
    admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await.unwrap();
}

fn portal(dir: &std::path::Path, args: &[&str], stdin: &str) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("PORTAL_DATABASE_URL", format!("sqlite://{}/portal.db?mode=rwc", dir.display()))
        .env("PORTAL_STORAGE_URL", dir.join("files"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("portal_cli_{tag}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cli_creates_users_and_sets_passwords() {
    let dir = temp_dir("users");
    let create = [
        "user",
        "create",
        "--username",
        "Jo.Staff",
        "--type",
        "staff",
        "--email",
        "jo@example.com",
        "--password-stdin",
    ];
    let weak = portal(&dir, &create, "short\n");
    assert_eq!(weak.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&weak.stderr)
            .contains("Please ensure your password meets all requirements.")
    );
    let ok = portal(&dir, &create, "Another!Password2026\n");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("Created user jo.staff"));
    let again = portal(&dir, &create, "Another!Password2026\n");
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let reset = portal(
        &dir,
        &["user", "set-password", "--username", "jo.staff", "--password-stdin"],
        "Third!Password20266\n",
    );
    assert!(reset.status.success(), "{}", String::from_utf8_lossy(&reset.stderr));
    let bad_type = portal(
        &dir,
        &["user", "create", "--username", "x", "--type", "boss", "--email", "x@example.com"],
        "",
    );
    assert!(String::from_utf8_lossy(&bad_type.stderr).contains("unknown user type 'boss'"));
    let seeded = portal(&dir, &["seed", "--demo"], "");
    assert!(String::from_utf8_lossy(&seeded.stdout).contains("demo.appraiser"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_configuration_stops_with_one_clear_line() {
    let dir = temp_dir("config");
    for (var, value, expected) in [
        ("PORTAL_BIND", "not-an-address", "PORTAL_BIND must be an address and port"),
        ("PORTAL_COOKIE_SECURE", "maybe", "COOKIE_SECURE"),
        ("PORTAL_COMPANY_TIME_ZONE", "Mars/Base", "PORTAL_COMPANY_TIME_ZONE"),
    ] {
        let out =
            Command::new(BIN).args(["migrate"]).current_dir(&dir).env(var, value).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{var}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("appraisal-portal: configuration error:")
                && stderr.contains(expected),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
