/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-theme.c — light or dark: following the desktop, and telling the charts */
#include "config.h"

#include "cs-theme.h"

#define PORTAL_BUS_NAME  "org.freedesktop.portal.Desktop"
#define PORTAL_PATH      "/org/freedesktop/portal/desktop"
#define PORTAL_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE       "org.freedesktop.appearance"

/* What GtkSettings said before we touched it, restored when the desktop
 * switches back to "no preference". */
static gboolean initial_prefer_dark;
/* The desktop's preference (0: none, 1: dark, 2: light), and ours. */
static guint32 desktop_scheme;
static GSettings *app_settings;

static void
apply (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  g_autofree char *chosen = app_settings != NULL ? g_settings_get_string (app_settings, "color-scheme")
                                                 : g_strdup ("default");
  gboolean dark;

  if (settings == NULL)
    return;
  if (g_strcmp0 (chosen, "dark") == 0)
    dark = TRUE;
  else if (g_strcmp0 (chosen, "light") == 0)
    dark = FALSE;
  else
    dark = desktop_scheme == 1 ? TRUE : desktop_scheme == 2 ? FALSE : initial_prefer_dark;
  g_object_set (settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

static void
scheme_changed (GSettings  *settings,
                const char *key,
                gpointer    user_data)
{
  apply ();
}

static void
apply_color_scheme (GVariant *value)
{
  g_autoptr(GVariant) inner = g_variant_ref (value);

  /* Read() wraps the value in one or two variants depending on the portal version. */
  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *child = g_variant_get_variant (inner);

      g_variant_unref (inner);
      inner = child;
    }
  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT32))
    return;
  /* 0: no preference, 1: prefer dark, 2: prefer light. */
  desktop_scheme = g_variant_get_uint32 (inner);
  apply ();
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
cs_theme_init (GSettings *settings)
{
  static gboolean started;
  GtkSettings *gtk_settings = gtk_settings_get_default ();

  /* Several applications run one after another in the UI tests: the last
   * one's settings count. */
  if (settings != NULL && app_settings != settings)
    {
      g_set_object (&app_settings, settings);
      g_signal_connect (settings, "changed::color-scheme", G_CALLBACK (scheme_changed), NULL);
    }
  if (gtk_settings == NULL)
    return;
  if (started)
    {
      apply ();
      return;
    }
  started = TRUE;
  g_object_get (gtk_settings, "gtk-application-prefer-dark-theme", &initial_prefer_dark, NULL);
  apply ();
  g_dbus_proxy_new_for_bus (G_BUS_TYPE_SESSION,
                            G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES,
                            NULL, PORTAL_BUS_NAME, PORTAL_PATH, PORTAL_INTERFACE,
                            NULL, on_proxy_ready, NULL);
}
