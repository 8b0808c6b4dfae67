//! Indexes for the dashboard at a million orders.
//!
//! - Open orders by due date: a partial index over the few open orders (most of a large book is
//!   closed), in the order the dashboard sorts by default, holding every filtered column. It
//!   serves the count and the pages of Open searches for staff, who see every order, without
//!   reading the table for the orders a filter leaves out. The dashboard writes the Open group
//!   exactly as this index's condition (`status_id NOT IN (closed ids)`), which is what lets
//!   both databases use it.
//! - PostgreSQL: trigram (pg_trgm) GIN indexes on the lower-cased text columns, so a contained
//!   fragment of a name, street or city is found without reading every order. The planner
//!   weighs them against the other indexes; nothing has to keep them in step.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The closed statuses (docs/domain.md#order-statuses), as in m0004.
const CLOSED: &str = "15, 17, 18, 19, 21, 22";

/// Every column the dashboard's filters and visibility read.
const FILTERED: &str = "status_id, assigned_appraiser_id, assigned_company_id, created_at, \
    file_number, loan_number, borrower_name, \
    property_address_line1, property_city, property_state_code, property_zip";

/// The text columns searched by contained fragment that get a trigram index on PostgreSQL.
const TRIGRAM_COLUMNS: [(&str, &str); 3] = [
    ("ix_orders_borrower_trgm", "borrower_name"),
    ("ix_orders_street_trgm", "property_address_line1"),
    ("ix_orders_city_trgm", "property_city"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let postgres = db.get_database_backend() == DbBackend::Postgres;
        // The key is the default sort; the other columns make the index covering for every
        // filter, so counting open orders by any filter never reads the table.
        let open_due = if postgres {
            format!(
                "CREATE INDEX ix_orders_open_due ON orders (appraiser_due_date, id) \
                 INCLUDE ({FILTERED}) \
                 WHERE status_id NOT IN ({CLOSED})"
            )
        } else {
            format!(
                "CREATE INDEX ix_orders_open_due ON orders (appraiser_due_date, id, {FILTERED}) \
                 \
                 WHERE status_id NOT IN ({CLOSED})"
            )
        };
        db.execute_unprepared(&open_due).await?;
        if postgres {
            db.execute_unprepared("CREATE EXTENSION IF NOT EXISTS pg_trgm").await?;
            for (name, column) in TRIGRAM_COLUMNS {
                db.execute_unprepared(&format!(
                    "CREATE INDEX {name} ON orders USING gin (lower({column}) gin_trgm_ops)"
                ))
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            for (name, _) in TRIGRAM_COLUMNS {
                db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
            }
        }
        db.execute_unprepared("DROP INDEX ix_orders_open_due").await?;
        Ok(())
    }
}
