"""Fetches GET /layouts/home from the server at the URL given with the client openapi-python-client
generated, through the generic layout operation (getLayout, screen="home"), and exits 0 only when
the document parsed into its model (named for the schema's title) as the home screen's."""
import sys

from skeleton_server_client import Client
from skeleton_server_client.api.layouts import get_layout
from skeleton_server_client.models import SkeletonLayoutDocument

response = get_layout.sync_detailed("home", client=Client(base_url=sys.argv[1]))
layout = response.parsed
assert response.status_code == 200, response
assert isinstance(layout, SkeletonLayoutDocument) and layout.screen == "home" and layout.format_version == 2, layout.format_version
print(f"python: fetched /layouts/home: {len(layout.elements)} elements, variant {layout.variant}")
