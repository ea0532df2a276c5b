"""The games app's URLs: every package's own, all in the `games` namespace."""

from .challenges import urls as challenges_urls
from .live import urls as live_urls
from .moderation import urls as moderation_urls
from .records import urls as records_urls
from .relation import urls as relation_urls
from .tables import urls as tables_urls
from .watch import urls as watch_urls

app_name = "games"

urlpatterns = [
    *tables_urls.urlpatterns,
    *live_urls.urlpatterns,
    *watch_urls.urlpatterns,
    *records_urls.urlpatterns,
    *moderation_urls.urlpatterns,
    *relation_urls.urlpatterns,
    *challenges_urls.urlpatterns,
]
