/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-theme.c — light or dark: following the desktop, and telling the charts */
#include "config.h"

#include "cs-theme.h"

#define PORTAL_BUS_NAME  "org.freedesktop.portal.Desktop"
#define PORTAL_PATH      "/org/freedesktop/portal/desktop"
#define PORTAL_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE       "org.freedesktop.appearance"

/* What GtkSettings said before the portal spoke, restored when the desktop
 * switches back to "no preference". */
static gboolean initial_prefer_dark;

static void
apply_color_scheme (GVariant *value)
{
  GtkSettings *settings = gtk_settings_get_default ();
  g_autoptr(GVariant) inner = g_variant_ref (value);
  guint32 scheme;

  /* Read() wraps the value in one or two variants depending on the portal version. */
  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *child = g_variant_get_variant (inner);

      g_variant_unref (inner);
      inner = child;
    }
  if (settings == NULL || !g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT32))
    return;

  /* 0: no preference, 1: prefer dark, 2: prefer light. */
  scheme = g_variant_get_uint32 (inner);
  g_object_set (settings, "gtk-application-prefer-dark-theme",
                scheme == 1 ? TRUE : scheme == 2 ? FALSE : initial_prefer_dark, NULL);
}

static void
on_setting_changed (GDBusProxy *proxy,
                    const char *sender_name,
                    const char *signal_name,
                    GVariant   *parameters,
                    gpointer    user_data)
{
  const char *namespace = NULL;
  const char *key = NULL;
  g_autoptr(GVariant) value = NULL;

  if (g_strcmp0 (signal_name, "SettingChanged") != 0 ||
      !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)")))
    return;
  g_variant_get (parameters, "(&s&sv)", &namespace, &key, &value);
  if (g_strcmp0 (namespace, APPEARANCE) == 0 && g_strcmp0 (key, "color-scheme") == 0)
    apply_color_scheme (value);
}

static void
on_read_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;

  /* No portal (a bare X session, CI): keep GtkSettings as the user set them. */
  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, NULL);
  if (reply == NULL)
    return;
  g_variant_get (reply, "(v)", &value);
  apply_color_scheme (value);
}

static void
on_proxy_ready (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GDBusProxy *proxy = g_dbus_proxy_new_for_bus_finish (result, NULL);

  if (proxy == NULL)
    return;
  /* The proxy lives as long as the process so the signal keeps arriving. */
  g_signal_connect (proxy, "g-signal", G_CALLBACK (on_setting_changed), NULL);
  g_dbus_proxy_call (proxy, "Read", g_variant_new ("(ss)", APPEARANCE, "color-scheme"),
                     G_DBUS_CALL_FLAGS_NONE, 2000, NULL, on_read_done, NULL);
}

void
cs_theme_follow_desktop (void)
{
  static gboolean started;
  GtkSettings *settings = gtk_settings_get_default ();

  if (started || settings == NULL)
    return;
  started = TRUE;
  g_object_get (settings, "gtk-application-prefer-dark-theme", &initial_prefer_dark, NULL);
  g_dbus_proxy_new_for_bus (G_BUS_TYPE_SESSION,
                            G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES,
                            NULL, PORTAL_BUS_NAME, PORTAL_PATH, PORTAL_INTERFACE,
                            NULL, on_proxy_ready, NULL);
}

CsTheme
cs_theme_for_widget (GtkWidget *widget)
{
  GdkRGBA fg;
  double luminance;

  /* gtk_widget_get_color() is 4.10; the style context is the 4.8 way. */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  luminance = 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue;
  return luminance > 0.5 ? CS_THEME_DARK : CS_THEME_LIGHT;
}
