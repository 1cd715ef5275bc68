/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-application.c — the GtkApplication: actions, shortcuts, windows
 *
 * One process serves every window (GApplication uniqueness): `cyclescope
 * FILE` while the viewer runs opens FILE in the running instance. Files go
 * into an empty window when there is one, otherwise into a new window, so
 * that a recording never replaces another one the user is looking at.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-application.h"
#include "cs-theme.h"
#include "cs-window.h"

struct _CsApplication
{
  GtkApplication  parent_instance;
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (CsApplication, cs_application, GTK_TYPE_APPLICATION)

/* The installed schema (from the build tree, GSETTINGS_SCHEMA_DIR names the
 * one data/desktop compiled there); NULL (and a warning) when there is none,
 * because g_settings_new() would abort the process. */
static GSettings *
create_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_warning ("The GSettings schema %s is not installed; window size and preferences will not be kept.",
                 APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/* A window showing nothing and loading nothing takes the next file. */
static CsWindow *
find_empty_window (CsApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (CS_IS_WINDOW (l->data) && cs_window_is_empty (l->data))
      return l->data;
  return NULL;
}

static void
cs_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (cs_window_new (GTK_APPLICATION (application)));
  gtk_window_present (window);
}

static void
cs_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  CsApplication *self = CS_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      CsWindow *window = find_empty_window (self);

      if (window == NULL)
        window = cs_window_new (GTK_APPLICATION (self));
      cs_window_open (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *application = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (application));

  /* Closing (not destroying) lets every window save its size and cancel its work. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  static const char *authors[] = { "The Cyclescope authors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (user_data);

  gtk_show_about_dialog (parent,
                         "program-name", _("Cyclescope"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Where have all the cycles gone? Cycle accounting for Linux programs."),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
};

static const struct
{
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.compare-with", { "<Control><Shift>o", NULL } },
  { "win.record", { "<Control>r", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.filter", { "<Control>f", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.back", { "<Alt>Left", "Back", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
load_css (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/org/cyclescope/Cyclescope/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
cs_application_startup (GApplication *application)
{
  static gsize name_set;
  CsApplication *self = CS_APPLICATION (application);

  G_APPLICATION_CLASS (cs_application_parent_class)->startup (application);

  /* Process-wide, and GLib warns when it is set twice (several
   * applications run one after another in the UI tests). */
  if (g_once_init_enter (&name_set))
    {
      g_set_application_name (_("Cyclescope"));
      g_once_init_leave (&name_set, 1);
    }
  gtk_window_set_default_icon_name (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);
  load_css ();
  self->settings = create_settings ();
  cs_theme_init (self->settings);
  /* The Style menu's radio items change the key directly. */
  if (self->settings != NULL)
    {
      g_autoptr(GAction) style = g_settings_create_action (self->settings, "color-scheme");

      g_action_map_add_action (G_ACTION_MAP (self), style);
    }
}

static void
cs_application_dispose (GObject *object)
{
  CsApplication *self = CS_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (cs_application_parent_class)->dispose (object);
}

static void
cs_application_class_init (CsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = cs_application_dispose;
  app_class->startup = cs_application_startup;
  app_class->activate = cs_application_activate;
  app_class->open = cs_application_open;
}

static void
cs_application_init (CsApplication *self)
{
}

CsApplication *
cs_application_new (void)
{
  /* The resource base path follows from the id: /org/cyclescope/Cyclescope,
   * where gtk/help-overlay.ui gives every window win.show-help-overlay. */
  return g_object_new (CS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}

GSettings *
cs_application_get_settings (CsApplication *self)
{
  g_return_val_if_fail (CS_IS_APPLICATION (self), NULL);

  return self->settings;
}
