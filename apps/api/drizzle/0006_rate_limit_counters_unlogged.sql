-- Rate-limit counters are disposable: skip the write-ahead log (a crash empties the table).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
