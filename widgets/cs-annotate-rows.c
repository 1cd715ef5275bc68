/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-rows.c — rows of the source and disassembly panes */

#include "config.h"

#include "cs-annotate-rows.h"

/* CsAnnotateRow */

typedef struct
{
  char     *file;
  guint     line;
  char     *text;
  guint64  *samples;
  guint     n_events;
  double    share;
  gboolean  hot;
  gboolean  linked;
} CsAnnotateRowPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (CsAnnotateRow, cs_annotate_row, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HOT,
  PROP_LINKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Called once by each kind's constructor. */
static void
row_set_source (CsAnnotateRow *self,
                const char    *file,
                guint          line,
                const char    *text,
                guint          n_events)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  priv->file = g_strdup (file);
  priv->line = line;
  priv->text = g_strdup (text);
  priv->n_events = n_events;
  priv->samples = g_new0 (guint64, MAX (1, n_events));
}

static void
cs_annotate_row_finalize (GObject *object)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (CS_ANNOTATE_ROW (object));

  g_free (priv->file);
  g_free (priv->text);
  g_free (priv->samples);
  G_OBJECT_CLASS (cs_annotate_row_parent_class)->finalize (object);
}

static void
cs_annotate_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (CS_ANNOTATE_ROW (object));

  switch (prop_id)
    {
    case PROP_HOT:
      g_value_set_boolean (value, priv->hot);
      break;
    case PROP_LINKED:
      g_value_set_boolean (value, priv->linked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_annotate_row_class_init (CsAnnotateRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cs_annotate_row_finalize;
  object_class->get_property = cs_annotate_row_get_property;

  /* The cells style themselves by these two flags. */
  properties[PROP_HOT] =
    g_param_spec_boolean ("hot", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LINKED] =
    g_param_spec_boolean ("linked", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cs_annotate_row_init (CsAnnotateRow *self)
{
}

const char *
cs_annotate_row_get_file (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->file;
}

guint
cs_annotate_row_get_line (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->line;
}

const char *
cs_annotate_row_get_text (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->text;
}

guint64
cs_annotate_row_get_samples (CsAnnotateRow *self,
                             guint          event)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return event < priv->n_events ? priv->samples[event] : 0;
}

void
cs_annotate_row_add_samples (CsAnnotateRow *self,
                             guint          event,
                             guint64        samples)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  g_return_if_fail (event < priv->n_events);
  priv->samples[event] += samples;
}

double
cs_annotate_row_get_share (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->share;
}

void
cs_annotate_row_set_share (CsAnnotateRow *self,
                           double         share)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  priv->share = share;
}

gboolean
cs_annotate_row_get_hot (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->hot;
}

void
cs_annotate_row_set_hot (CsAnnotateRow *self,
                         gboolean       hot)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  if (priv->hot == !!hot)
    return;
  priv->hot = !!hot;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOT]);
}

gboolean
cs_annotate_row_get_linked (CsAnnotateRow *self)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  return priv->linked;
}

void
cs_annotate_row_set_linked (CsAnnotateRow *self,
                            gboolean       linked)
{
  CsAnnotateRowPrivate *priv = cs_annotate_row_get_instance_private (self);

  if (priv->linked == !!linked)
    return;
  priv->linked = !!linked;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINKED]);
}

gboolean
cs_annotate_row_same_line (CsAnnotateRow *self,
                           CsAnnotateRow *other)
{
  return cs_annotate_row_get_line (self) == cs_annotate_row_get_line (other) &&
         g_strcmp0 (cs_annotate_row_get_file (self), cs_annotate_row_get_file (other)) == 0;
}

/* CsAnnotateLine */

struct _CsAnnotateLine
{
  CsAnnotateRow parent_instance;
};

G_DEFINE_FINAL_TYPE (CsAnnotateLine, cs_annotate_line, CS_TYPE_ANNOTATE_ROW)

static void
cs_annotate_line_class_init (CsAnnotateLineClass *klass)
{
}

static void
cs_annotate_line_init (CsAnnotateLine *self)
{
}

CsAnnotateLine *
cs_annotate_line_new (const char *file,
                      guint       line,
                      const char *text,
                      guint       n_events)
{
  CsAnnotateLine *self = g_object_new (CS_TYPE_ANNOTATE_LINE, NULL);

  /* A line always has a text, if only an empty one. */
  row_set_source (CS_ANNOTATE_ROW (self), file, line, text != NULL ? text : "", n_events);
  return self;
}

/* CsAnnotateInsn */

struct _CsAnnotateInsn
{
  CsAnnotateRow  parent_instance;
  guint64        address;
};

G_DEFINE_FINAL_TYPE (CsAnnotateInsn, cs_annotate_insn, CS_TYPE_ANNOTATE_ROW)

static void
cs_annotate_insn_class_init (CsAnnotateInsnClass *klass)
{
}

static void
cs_annotate_insn_init (CsAnnotateInsn *self)
{
}

CsAnnotateInsn *
cs_annotate_insn_new (guint64     address,
                      const char *text,
                      const char *file,
                      guint       line,
                      guint       n_events)
{
  CsAnnotateInsn *self = g_object_new (CS_TYPE_ANNOTATE_INSN, NULL);

  self->address = address;
  row_set_source (CS_ANNOTATE_ROW (self), file, line, text, n_events);
  return self;
}

guint64
cs_annotate_insn_get_address (CsAnnotateInsn *self)
{
  return self->address;
}
