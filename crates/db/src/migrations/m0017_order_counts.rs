//! How many orders each status holds, kept by the database itself, so the dashboard's unfiltered
//! searches for staff (the default Open search above all) are counted without reading a row per
//! order.
//!
//! Every insert, delete or status change of an order adds rows of (status, +n / -n) to
//! `order_count_changes`, in the same transaction, by trigger: only inserts, so writers never
//! wait on one another for a counter. A status's count is the sum of its rows;
//! `orders::counts::compact` folds them into one row per status now and then.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

use super::schema::id;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OrderCountChanges {
    Table,
    Id,
    StatusId,
    Delta,
}

const SQLITE_TRIGGERS: [&str; 3] = [
    "CREATE TRIGGER order_counts_insert AFTER INSERT ON orders BEGIN \
     INSERT INTO order_count_changes (status_id, delta) VALUES (new.status_id, 1); END",
    "CREATE TRIGGER order_counts_delete AFTER DELETE ON orders BEGIN \
     INSERT INTO order_count_changes (status_id, delta) VALUES (old.status_id, -1); END",
    "CREATE TRIGGER order_counts_update AFTER UPDATE OF status_id ON orders \
     WHEN old.status_id <> new.status_id BEGIN \
     INSERT INTO order_count_changes (status_id, delta) VALUES (old.status_id, -1), \
     (new.status_id, 1); END",
];

/// PostgreSQL: one trigger per statement over its transition tables, so a bulk load (COPY)
/// adds one row per status, not one per order.
const POSTGRES_FUNCTION: &str = "CREATE FUNCTION order_counts_changed() RETURNS trigger \
    LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_count_changes (status_id, delta) SELECT status_id, COUNT(*) \
      FROM new_rows GROUP BY status_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_count_changes (status_id, delta) SELECT status_id, -COUNT(*) \
      FROM old_rows GROUP BY status_id;
  ELSE
    INSERT INTO order_count_changes (status_id, delta)
      SELECT status_id, SUM(delta) FROM (
        SELECT status_id, 1 AS delta FROM new_rows UNION ALL SELECT status_id, -1 FROM old_rows
      ) AS moved GROUP BY status_id HAVING SUM(delta) <> 0;
  END IF;
  RETURN NULL;
END $$";

const POSTGRES_TRIGGERS: [&str; 3] = [
    "CREATE TRIGGER order_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows \
     FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()",
    "CREATE TRIGGER order_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows \
     FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()",
    "CREATE TRIGGER order_counts_update AFTER UPDATE ON orders \
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows \
     FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use OrderCountChanges as C;
        m.create_table(
            Table::create()
                .table(C::Table)
                .col(id(C::Id))
                .col(ColumnDef::new(C::StatusId).integer().not_null())
                .col(ColumnDef::new(C::Delta).big_integer().not_null())
                .take(),
        )
        .await?;
        let db = m.get_connection();
        db.execute_unprepared(
            "INSERT INTO order_count_changes (status_id, delta) SELECT status_id, COUNT(*) \
             FROM orders GROUP BY status_id",
        )
        .await?;
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(POSTGRES_FUNCTION).await?;
            for sql in POSTGRES_TRIGGERS {
                db.execute_unprepared(sql).await?;
            }
        } else {
            for sql in SQLITE_TRIGGERS {
                db.execute_unprepared(sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        for trigger in ["order_counts_insert", "order_counts_delete", "order_counts_update"] {
            let on =
                if db.get_database_backend() == DbBackend::Postgres { " ON orders" } else { "" };
            db.execute_unprepared(&format!("DROP TRIGGER {trigger}{on}")).await?;
        }
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared("DROP FUNCTION order_counts_changed()").await?;
        }
        m.drop_table(Table::drop().table(OrderCountChanges::Table).take()).await
    }
}
