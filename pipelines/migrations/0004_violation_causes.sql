-- Version 4: each violation's place among its hand's findings and the root it follows from
-- (issue 17: roots and consequences). Rows stored before have neither: NULL, read as roots.
ALTER TABLE violations ADD COLUMN finding SMALLINT;
ALTER TABLE violations ADD COLUMN caused_by SMALLINT;
