"""The store's schema revisions, oldest first: ``0001_initial``, ``0002_roster_dates``, ``0003_campaign_content``,
``0004_document_hash_and_edited``."""
