"""JSON Schemas (Draft 2020-12) for lifepath's tables, exports and declarations, shipped as package data."""
