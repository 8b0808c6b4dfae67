use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use portal::kernel::users::accounts::{self, NewUser};
use portal::platform::config::Config;
use portal::platform::roles::UserType;

#[derive(Parser)]
#[command(name = "appraisal-portal", about = "Appraisal Portal: the order portal server", version)]
struct Cli {
    /// TOML configuration file (default: ./portal.toml when it exists). PORTAL_* variables
    /// override it.
    #[arg(long, global = true, env = "PORTAL_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the portal (API and web app).
    Serve {
        /// Load the demo accounts first (never done unless asked).
        #[arg(long)]
        demo: bool,
    },
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Load data: the demo accounts and orders, and/or N generated orders.
    Seed {
        /// The demo accounts and their orders.
        #[arg(long)]
        demo: bool,
        /// Generate this many orders for the demo appraisers and firm.
        #[arg(long)]
        orders: Option<u64>,
        /// Random seed of the generated orders (same seed, same orders).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Manage accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Print the OpenAPI document of the web app's API (or, with --public, of the public API).
    Openapi {
        /// The public API's document (`/api/v1/openapi.json`).
        #[arg(long)]
        public: bool,
    },
    /// Copy the live SQLite database, consistently, to a new file (PostgreSQL: use pg_dump).
    Backup {
        #[arg(long)]
        to: PathBuf,
    },
    /// Put a backup in place of the SQLite database (stop the portal first).
    Restore {
        #[arg(long)]
        from: PathBuf,
    },
    /// Expire the automatic offers whose time has run out and offer their orders on, as the
    /// running portal does every minute; `--as-of` judges them at another time (a drill or a test).
    ExpireOffers {
        /// An RFC 3339 time, e.g. 2026-12-01T17:00:00Z (default: now).
        #[arg(long)]
        as_of: Option<chrono::DateTime<chrono::Utc>>,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create an account; asks for the password, or reads it from standard input.
    Create {
        #[arg(long)]
        username: String,
        /// appraiser, appraiser-admin, staff, secret or client
        #[arg(long = "type")]
        user_type: String,
        #[arg(long)]
        email: String,
        #[arg(long)]
        first: Option<String>,
        #[arg(long)]
        last: Option<String>,
        /// Firm id for appraisers and appraiser administrators.
        #[arg(long)]
        company: Option<i32>,
        #[arg(long)]
        password_stdin: bool,
    },
    /// Set a user's password and end their sessions.
    SetPassword {
        #[arg(long)]
        username: String,
        #[arg(long)]
        password_stdin: bool,
    },
}

fn main() -> ExitCode {
    return_freed_memory();
    portal::reactions::install();
    let cli = Cli::parse();
    let logs = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into()),
        )
        .with_writer(std::io::stderr);
    // One JSON object a line for log collectors; the request's span (with its id) is in each.
    if std::env::var("PORTAL_LOG_FORMAT").as_deref() == Ok("json") {
        logs.json().with_current_span(true).init();
    } else {
        logs.init();
    }
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("appraisal-portal: {message}");
            ExitCode::from(2)
        }
    }
}

/// glibc raises its mmap threshold each time a large block is freed, so after the first searches
/// their large buffers (full-text doclists, sorts, id lists) come from its heaps, which keep them
/// once freed (bench/RESULTS.md measures the difference). Fixed, blocks from 128 KiB are mapped
/// and given back when freed, and a heap's free top is given back from 128 KiB.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const THRESHOLD: libc::c_int = 128 * 1024;
        // SAFETY: mallopt only sets the allocator's parameters, before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
            libc::mallopt(libc::M_TRIM_THRESHOLD, THRESHOLD);
        }
    }
}

async fn run(cli: Cli) -> Result<(), String> {
    if let Command::Openapi { public } = cli.command {
        match public {
            true => println!("{}", portal::areas::public_api::openapi_json()),
            false => println!("{}", portal::router::openapi_json()),
        }
        return Ok(());
    }
    let config =
        Config::load(cli.config.as_deref()).map_err(|e| format!("configuration error: {e}"))?;
    match cli.command {
        Command::Serve { demo } => portal::app::serve(config, demo).await,
        Command::Migrate => portal::platform::state::open_database(&config)
            .await
            .map(|_| println!("The database is up to date.")),
        Command::Seed { demo, orders, seed } => {
            if !demo && orders.is_none() {
                return Err("say what to seed: --demo and/or --orders N".into());
            }
            let db = portal::platform::state::open_database(&config).await?;
            if demo {
                let storage = portal::platform::storage::Storage::from_config(&config)?;
                portal::demo::seed_with_orders(&db, &storage, &config)
                    .await
                    .map_err(|e| e.to_string())?;
                portal::demo::print_logins();
            }
            if let Some(count) = orders {
                portal::demo::seed(&db).await.map_err(|e| e.to_string())?;
                let started = std::time::Instant::now();
                let written = portal::demo::orders::seed_orders(&db, count, seed)
                    .await
                    .map_err(|e| e.to_string())?;
                let seconds = started.elapsed().as_secs_f64();
                println!(
                    "Generated {written} orders in {seconds:.1} s ({:.0} orders a second).",
                    written as f64 / seconds.max(1e-9)
                );
            }
            Ok(())
        }
        Command::User { command } => user_command(config, command).await,
        Command::Backup { to } => {
            portal::backup::sqlite_file(&config.database_url)?;
            let db = portal::platform::state::open_database(&config).await?;
            let bytes = portal::backup::backup(&db, &to).await?;
            println!("Backed up the database to {} ({bytes} bytes).", to.display());
            Ok(())
        }
        Command::Restore { from } => {
            let file = portal::backup::sqlite_file(&config.database_url)?;
            portal::backup::restore(&from, &file).await?;
            println!(
                "Restored {} from {}. Start the portal again.",
                file.display(),
                from.display()
            );
            Ok(())
        }
        Command::ExpireOffers { as_of } => {
            let db = portal::platform::state::open_database(&config).await?;
            let now = as_of.unwrap_or_else(chrono::Utc::now);
            let expired = portal::features::assignment::offers::expire_due(&db, &config, now)
                .await
                .map_err(|e| e.to_string())?;
            println!("{expired} offers expired.");
            Ok(())
        }
        Command::Openapi { .. } => unreachable!("handled above"),
    }
}

async fn user_command(config: Config, command: UserCommand) -> Result<(), String> {
    let db = portal::platform::state::open_database(&config).await?;
    match command {
        UserCommand::Create {
            username,
            user_type,
            email,
            first,
            last,
            company,
            password_stdin,
        } => {
            let user_type = UserType::from_cli_name(&user_type).ok_or_else(|| {
                format!(
                    "unknown user type '{user_type}': \
                     use appraiser, appraiser-admin, staff, secret or client"
                )
            })?;
            let password = read_password(password_stdin)?;
            let user = accounts::create(
                &db,
                NewUser {
                    username,
                    user_type,
                    email,
                    first_name: first,
                    last_name: last,
                    password,
                    company_id: company,
                },
            )
            .await
            .map_err(|e| e.to_string())?;
            println!("Created user {} (id {}).", user.login_id, user.id);
        }
        UserCommand::SetPassword { username, password_stdin } => {
            let password = read_password(password_stdin)?;
            let user =
                portal::features::auth::change_password::set_password(&db, &username, password)
                    .await
                    .map_err(|e| e.to_string())?;
            println!("Password set for {}; their sessions were ended.", user.login_id);
        }
    }
    Ok(())
}

fn read_password(from_stdin: bool) -> Result<String, String> {
    if from_stdin || !std::io::stdin().is_terminal() {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).map_err(|e| e.to_string())?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_string());
    }
    let first = rpassword::prompt_password("Password: ").map_err(|e| e.to_string())?;
    let again = rpassword::prompt_password("Repeat the password: ").map_err(|e| e.to_string())?;
    if first != again {
        return Err("the passwords do not match".into());
    }
    Ok(first)
}
