"""PDF documents (reportlab): one small module per document on a shared base class."""
