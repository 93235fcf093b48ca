"""Italian dates as Italians write them: "2 maggio 2026" (Django's locale: "02 Maggio 2026")."""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
