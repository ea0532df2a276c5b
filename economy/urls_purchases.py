from django.urls import path

from . import views_purchases

app_name = "purchases"

urlpatterns = [
    path("buy/", views_purchases.buy, name="buy"),
    path("buy/checkout/", views_purchases.checkout, name="checkout"),
    path("buy/cancelled/", views_purchases.cancelled, name="cancelled"),
    path("bought/", views_purchases.bought, name="bought"),
    path("bought/status/", views_purchases.bought_status, name="bought_status"),
    path("stripe/webhook/", views_purchases.stripe_webhook, name="stripe_webhook"),
]
