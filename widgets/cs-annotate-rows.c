/* cs-annotate-rows.c — rows of the source and disassembly panes */

#include "config.h"

#include "cs-annotate-rows.h"

/* What a line and an instruction share: samples per event, a share for the
 * heat column, and the two flags the cells style themselves by. */
typedef struct
{
  guint64  *samples;
  guint     n_events;
  double    share;
  gboolean  hot;
  gboolean  linked;
} RowState;

enum {
  PROP_0,
  PROP_HOT,
  PROP_LINKED,
  N_PROPS
};

static void
row_state_init (RowState *state,
                guint     n_events)
{
  state->n_events = n_events;
  state->samples = g_new0 (guint64, MAX (1, n_events));
}

static void
row_state_get_property (RowState *state,
                        guint     prop_id,
                        GValue   *value)
{
  g_value_set_boolean (value, prop_id == PROP_HOT ? state->hot : state->linked);
}

static GParamSpec *
flag_pspec (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

/* CsAnnotateLine */

struct _CsAnnotateLine
{
  GObject   parent_instance;
  char     *file;
  guint     line;
  char     *text;
  RowState  state;
};

G_DEFINE_FINAL_TYPE (CsAnnotateLine, cs_annotate_line, G_TYPE_OBJECT)

static GParamSpec *line_properties[N_PROPS];

static void
cs_annotate_line_finalize (GObject *object)
{
  CsAnnotateLine *self = CS_ANNOTATE_LINE (object);

  g_free (self->file);
  g_free (self->text);
  g_free (self->state.samples);
  G_OBJECT_CLASS (cs_annotate_line_parent_class)->finalize (object);
}

static void
cs_annotate_line_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  row_state_get_property (&CS_ANNOTATE_LINE (object)->state, prop_id, value);
}

static void
cs_annotate_line_class_init (CsAnnotateLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cs_annotate_line_finalize;
  object_class->get_property = cs_annotate_line_get_property;
  line_properties[PROP_HOT] = flag_pspec ("hot");
  line_properties[PROP_LINKED] = flag_pspec ("linked");
  g_object_class_install_properties (object_class, N_PROPS, line_properties);
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

  self->file = g_strdup (file);
  self->line = line;
  self->text = g_strdup (text != NULL ? text : "");
  row_state_init (&self->state, n_events);
  return self;
}

const char *
cs_annotate_line_get_file (CsAnnotateLine *self)
{
  return self->file;
}

guint
cs_annotate_line_get_line (CsAnnotateLine *self)
{
  return self->line;
}

const char *
cs_annotate_line_get_text (CsAnnotateLine *self)
{
  return self->text;
}

guint64
cs_annotate_line_get_samples (CsAnnotateLine *self,
                              guint           event)
{
  return event < self->state.n_events ? self->state.samples[event] : 0;
}

void
cs_annotate_line_add_samples (CsAnnotateLine *self,
                              guint           event,
                              guint64         samples)
{
  g_return_if_fail (event < self->state.n_events);
  self->state.samples[event] += samples;
}

double
cs_annotate_line_get_share (CsAnnotateLine *self)
{
  return self->state.share;
}

void
cs_annotate_line_set_share (CsAnnotateLine *self,
                            double          share)
{
  self->state.share = share;
}

gboolean
cs_annotate_line_get_hot (CsAnnotateLine *self)
{
  return self->state.hot;
}

void
cs_annotate_line_set_hot (CsAnnotateLine *self,
                          gboolean        hot)
{
  if (self->state.hot == !!hot)
    return;
  self->state.hot = !!hot;
  g_object_notify_by_pspec (G_OBJECT (self), line_properties[PROP_HOT]);
}

gboolean
cs_annotate_line_get_linked (CsAnnotateLine *self)
{
  return self->state.linked;
}

void
cs_annotate_line_set_linked (CsAnnotateLine *self,
                             gboolean        linked)
{
  if (self->state.linked == !!linked)
    return;
  self->state.linked = !!linked;
  g_object_notify_by_pspec (G_OBJECT (self), line_properties[PROP_LINKED]);
}

/* CsAnnotateInsn */

struct _CsAnnotateInsn
{
  GObject   parent_instance;
  guint64   address;
  char     *text;
  char     *file;
  guint     line;
  RowState  state;
};

G_DEFINE_FINAL_TYPE (CsAnnotateInsn, cs_annotate_insn, G_TYPE_OBJECT)

static GParamSpec *insn_properties[N_PROPS];

static void
cs_annotate_insn_finalize (GObject *object)
{
  CsAnnotateInsn *self = CS_ANNOTATE_INSN (object);

  g_free (self->file);
  g_free (self->text);
  g_free (self->state.samples);
  G_OBJECT_CLASS (cs_annotate_insn_parent_class)->finalize (object);
}

static void
cs_annotate_insn_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  row_state_get_property (&CS_ANNOTATE_INSN (object)->state, prop_id, value);
}

static void
cs_annotate_insn_class_init (CsAnnotateInsnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cs_annotate_insn_finalize;
  object_class->get_property = cs_annotate_insn_get_property;
  insn_properties[PROP_HOT] = flag_pspec ("hot");
  insn_properties[PROP_LINKED] = flag_pspec ("linked");
  g_object_class_install_properties (object_class, N_PROPS, insn_properties);
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
  self->text = g_strdup (text);
  self->file = g_strdup (file);
  self->line = line;
  row_state_init (&self->state, n_events);
  return self;
}

guint64
cs_annotate_insn_get_address (CsAnnotateInsn *self)
{
  return self->address;
}

const char *
cs_annotate_insn_get_text (CsAnnotateInsn *self)
{
  return self->text;
}

const char *
cs_annotate_insn_get_file (CsAnnotateInsn *self)
{
  return self->file;
}

guint
cs_annotate_insn_get_line (CsAnnotateInsn *self)
{
  return self->line;
}

guint64
cs_annotate_insn_get_samples (CsAnnotateInsn *self,
                              guint           event)
{
  return event < self->state.n_events ? self->state.samples[event] : 0;
}

void
cs_annotate_insn_add_samples (CsAnnotateInsn *self,
                              guint           event,
                              guint64         samples)
{
  g_return_if_fail (event < self->state.n_events);
  self->state.samples[event] += samples;
}

double
cs_annotate_insn_get_share (CsAnnotateInsn *self)
{
  return self->state.share;
}

void
cs_annotate_insn_set_share (CsAnnotateInsn *self,
                            double          share)
{
  self->state.share = share;
}

gboolean
cs_annotate_insn_get_hot (CsAnnotateInsn *self)
{
  return self->state.hot;
}

void
cs_annotate_insn_set_hot (CsAnnotateInsn *self,
                          gboolean        hot)
{
  if (self->state.hot == !!hot)
    return;
  self->state.hot = !!hot;
  g_object_notify_by_pspec (G_OBJECT (self), insn_properties[PROP_HOT]);
}

gboolean
cs_annotate_insn_get_linked (CsAnnotateInsn *self)
{
  return self->state.linked;
}

void
cs_annotate_insn_set_linked (CsAnnotateInsn *self,
                             gboolean        linked)
{
  if (self->state.linked == !!linked)
    return;
  self->state.linked = !!linked;
  g_object_notify_by_pspec (G_OBJECT (self), insn_properties[PROP_LINKED]);
}
