"""Printable components: the only place reportlab and qrcode appear."""
