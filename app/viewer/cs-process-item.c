/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-item.c — one running process as a row of the record dialog's process list
 *
 * A snapshot: the list replaces its items at every refresh, so the
 * properties never change and need no notification. "cpu" is -1 while the
 * CPU use is unknown (first refresh), which sorts it last when sorted by
 * CPU use descending; "search-text" is what the search entry matches.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-process-item.h"

struct _CsProcessItem
{
  GObject  parent_instance;

  GPid     pid;
  char    *name;
  char    *command;
  char    *user;
  double   cpu;
};

enum { PROP_0, PROP_PID, PROP_PID_TEXT, PROP_NAME, PROP_COMMAND, PROP_USER, PROP_CPU, PROP_CPU_TEXT,
       PROP_SEARCH_TEXT, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CsProcessItem, cs_process_item, G_TYPE_OBJECT)

static void
cs_process_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CsProcessItem *self = CS_PROCESS_ITEM (object);

  switch (prop_id)
    {
    case PROP_PID:
      g_value_set_int (value, self->pid);
      break;
    case PROP_PID_TEXT:
      g_value_take_string (value, g_strdup_printf ("%d", (int) self->pid));
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;
    case PROP_USER:
      g_value_set_string (value, self->user);
      break;
    case PROP_CPU:
      g_value_set_double (value, self->cpu);
      break;
    case PROP_CPU_TEXT:
      /* TRANSLATORS: CPU use of a process, "12.5 %"; "…" while not measured yet */
      g_value_take_string (value, self->cpu >= 0 ? g_strdup_printf (_("%.1f %%"), self->cpu) : g_strdup ("…"));
      break;
    case PROP_SEARCH_TEXT:
      g_value_take_string (value, g_strdup_printf ("%d %s %s", (int) self->pid, self->name, self->command));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_process_item_finalize (GObject *object)
{
  CsProcessItem *self = CS_PROCESS_ITEM (object);

  g_free (self->name);
  g_free (self->command);
  g_free (self->user);
  G_OBJECT_CLASS (cs_process_item_parent_class)->finalize (object);
}

static void
cs_process_item_class_init (CsProcessItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = cs_process_item_get_property;
  object_class->finalize = cs_process_item_finalize;
  properties[PROP_PID] = g_param_spec_int ("pid", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_PID_TEXT] = g_param_spec_string ("pid-text", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_COMMAND] = g_param_spec_string ("command", NULL, NULL, NULL, flags);
  properties[PROP_USER] = g_param_spec_string ("user", NULL, NULL, NULL, flags);
  properties[PROP_CPU] = g_param_spec_double ("cpu", NULL, NULL, -1, G_MAXDOUBLE, -1, flags);
  properties[PROP_CPU_TEXT] = g_param_spec_string ("cpu-text", NULL, NULL, NULL, flags);
  properties[PROP_SEARCH_TEXT] = g_param_spec_string ("search-text", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_process_item_init (CsProcessItem *self)
{
  self->cpu = -1;
}

CsProcessItem *
cs_process_item_new (const CsProcessInfo *info)
{
  CsProcessItem *self = g_object_new (CS_TYPE_PROCESS_ITEM, NULL);

  self->pid = info->pid;
  self->name = g_strdup (info->name);
  self->command = g_strdup (info->command);
  self->user = g_strdup (info->user);
  self->cpu = isnan (info->cpu_percent) ? -1 : info->cpu_percent;
  return self;
}

GPid
cs_process_item_get_pid (CsProcessItem *self)
{
  g_return_val_if_fail (CS_IS_PROCESS_ITEM (self), 0);
  return self->pid;
}
