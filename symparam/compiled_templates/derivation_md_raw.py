# derivation.md.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '9266:f6eb71ba'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'derivation.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_d = resolve('d')
    l_0_code = resolve('code')
    l_0_math = resolve('math')
    l_0_units = resolve('units')
    l_0_display = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_4 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    pass
    def macro(l_1_lines, l_1_label, l_1_rel):
        t_5 = []
        l_1_math_block = resolve('math_block')
        l_1_aligned = resolve('aligned')
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        if l_1_rel is missing:
            l_1_rel = '='
        pass
        t_5.append(
            str(context.call((undefined(name='math_block') if l_1_math_block is missing else l_1_math_block), context.call((undefined(name='aligned') if l_1_aligned is missing else l_1_aligned), l_1_lines, l_1_label, l_1_rel))),
        )
        return concat(t_5)
    context.exported_vars.add('display')
    context.vars['display'] = l_0_display = Macro(environment, macro, 'display', ('lines', 'label', 'rel'), False, False, False, context.eval_ctx.autoescape)
    yield '# '
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'title'), model=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'model')))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro_symbolic'), family=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'family'), architecture=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')))
        yield '\n'
    else:
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')), names=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'named_parameters()')))
        yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'says_what_model'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'description'), description=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'description')))
        yield '\n'
    for l_1_paragraph in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reading'):
        _loop_vars = {}
        pass
        yield '\n'
        yield str(l_1_paragraph)
        yield '\n'
    l_1_paragraph = missing
    if (environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count') != 'P'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'count_letter'), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')), patch=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'P')))
        yield '\n'
    yield '\n## 1. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'summary'))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_parts'))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield '| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params'))
        yield ' |\n|---|---|\n'
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_p, 'formula'), _loop_vars=_loop_vars))
            yield ' |\n'
        l_1_p = missing
    else:
        pass
        yield '| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share'))
        yield ' |\n|---|---:|---:|\n'
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(environment.getattr(l_1_p, 'value'))
            yield ' | '
            yield str(environment.getattr(l_1_p, 'share'))
            yield ' |\n'
        l_1_p = missing
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_layer'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer_name'))))
        yield '\n'
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
            _loop_vars = {}
            pass
            yield '- '
            yield str((context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_share'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), value=environment.getattr(l_1_k, 'value'), share=environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars) if environment.getattr(l_1_k, 'value') else context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_formula'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
            yield '\n'
        l_1_k = missing
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_intro'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'lines'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), '\\approx'))
        yield '\n'
        for l_1_note in environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'notes'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(l_1_note)
            yield '\n'
        l_1_note = missing
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closest'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'architecture')), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'value'), percent=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
    yield '\n## 2. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'hyperparameters'))
    yield '\n\n| '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'symbol'))
    yield ' | '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'meaning'))
    yield ' |'
    if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
        pass
        yield ' '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'value'))
        yield ' |'
    yield ' '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'key'))
    yield ' |\n|---|---|'
    if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
        pass
        yield '---:|'
    yield '---|\n'
    for l_1_h in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'hyper'):
        l_1_esc = resolve('esc')
        _loop_vars = {}
        pass
        yield '| '
        yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'symbol'), _loop_vars=_loop_vars))
        yield ' | '
        yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_h, 'meaning'), _loop_vars=_loop_vars))
        yield ' |'
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            yield ' '
            yield str((environment.getattr(l_1_h, 'value') or environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            if environment.getattr(l_1_h, 'assumed'):
                pass
                yield ' ('
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'assumed_value'), assumption=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'assumed'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
                yield ')'
            yield ' |'
        yield ' '
        yield str((context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_h, 'key'), _loop_vars=_loop_vars) if environment.getattr(l_1_h, 'key') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
        yield ' |\n'
    l_1_h = l_1_esc = missing
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'assumptions'))
        yield '\n'
        for l_1_a in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield '- '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_a, 'tex'), _loop_vars=_loop_vars))
            yield ': '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_a, 'reason'), _loop_vars=_loop_vars))
            yield '\n'
        l_1_a = l_1_esc = missing
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'options'))
        yield '\n'
        for l_1_o in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
            _loop_vars = {}
            pass
            yield '- '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), str_join((environment.getattr(l_1_o, 'name'), '=', environment.getattr(l_1_o, 'value'), )), _loop_vars=_loop_vars))
            yield ': '
            yield str(environment.getattr(l_1_o, 'help'))
            yield '\n'
        l_1_o = missing
    yield '\n## 3. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'components'))
    yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'transposed'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'note_transposed'))
        yield '\n'
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'sections'), undefined):
        _loop_vars = {}
        pass
        yield '\n### 3.'
        yield str(environment.getattr(l_1_s, 'index'))
        yield ' '
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_s, 'names'), undefined):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), l_2_n, _loop_vars=_loop_vars))
            yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 93 in 'derivation.md.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_n = missing
        yield '\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'section_layer'), prefix=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_s, 'layer_prefix'), _loop_vars=_loop_vars), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'count'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        yield '\n| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'module'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'shape'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params'))
        yield ' |'
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            yield ' '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count'))
            yield ' |'
        yield '\n|---|---|---|---|'
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            yield '---:|'
        yield '\n'
        for l_2_r in environment.getattr(l_1_s, 'rows'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'name'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'shape'), _loop_vars=_loop_vars))
            yield ' | '
            yield str((context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'bias'), _loop_vars=_loop_vars) if environment.getattr(l_2_r, 'bias') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            yield ' | '
            if environment.getattr(l_2_r, 'tied_to'):
                pass
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tied_row'), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'tied_to'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            else:
                pass
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'params'), _loop_vars=_loop_vars))
            yield ' |'
            if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
                pass
                yield ' '
                yield str(('+0' if environment.getattr(l_2_r, 'tied_to') else environment.getattr(l_2_r, 'value')))
                yield ' |'
            yield '\n'
        l_2_r = missing
        yield '\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'layer_sum') if environment.getattr(l_1_s, 'repeat') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'part_sum')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(l_1_s, 'lines'), environment.getattr(l_1_s, 'label'), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'stack_sum'))
            yield '\n\n'
            yield str((context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')[1:], environment.getitem(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), 0), _loop_vars=_loop_vars) if (t_2(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')) > 1) else context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), _loop_vars=_loop_vars)))
            yield '\n'
    l_1_loop = l_1_s = missing
    yield '\n## 4. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'total'))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sum_of_parts'))
    yield '\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'total_lines'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closed_form'))
    yield '\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic') if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'squares') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic_plain')))
        yield '\n'
    else:
        pass
        yield '**'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
        yield '**\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'):
        pass
        yield '\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro_shared') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'shared') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'lines'), str_join((environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), '_{\\mathrm{active}}', ))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'):
            pass
            yield '\n**'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_final'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'), total=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
            yield '**\n'
    yield '\n## 5. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'tied'))
    yield '\n\n'
    t_6 = 1
    for l_1_tie in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'ties'):
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'name'), _loop_vars=_loop_vars), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'owner'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_tie, 'total_untied'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie_untied'), untied=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_1(context.eval_ctx, environment.getattr(l_1_tie, 'lines'), ' = '), _loop_vars=_loop_vars), total=environment.getattr(l_1_tie, 'total_untied'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value'), _loop_vars=_loop_vars))
            yield '\n'
        yield '\n'
        t_6 = 0
    l_1_tie = missing
    if t_6:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_ties'))
        yield '\n\n'
    yield '## 6. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'dropouts'))
    yield '\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kept'), symbols=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_1(context.eval_ctx, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'kept'), ', '))))
    yield '\n\n'
    t_7 = 1
    for l_1_drop in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
        _loop_vars = {}
        pass
        yield '- '
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), str_join(('drop_', environment.getattr(l_1_drop, 'kind'), ))), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'assumption') else ''), whole=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'whole'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'whole') else ''), _loop_vars=_loop_vars))
        yield '\n'
        for l_2_chain in environment.getattr(l_1_drop, 'chains'):
            _loop_vars = {}
            pass
            yield '  '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), l_2_chain, _loop_vars=_loop_vars))
            yield '\n'
        l_2_chain = missing
        t_7 = 0
    l_1_drop = missing
    if t_7:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_drops'))
        yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
        pass
        yield '\n## 7. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'memory'))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'memory_intro'), mib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mib')), mb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mb')), gib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gib')), gb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gb'))))
        yield '\n\n| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'dtype'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes_per_param'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'decimal'))
        yield ' |\n|---|---:|---:|---:|---:|\n'
        for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(environment.getattr(l_1_m, 'dtype'))
            yield ' | '
            yield str(environment.getattr(l_1_m, 'per'))
            yield ' | '
            yield str(environment.getattr(l_1_m, 'bytes'))
            yield ' | '
            yield str(environment.getattr(l_1_m, 'binary'))
            yield ' | '
            yield str(environment.getattr(l_1_m, 'decimal'))
            yield ' |\n'
        l_1_m = missing
        yield '\n'
        for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory')[:1]:
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_m, 'line'), _loop_vars=_loop_vars))
            yield '\n'
        l_1_m = missing
        if t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'), 'dtype', 'equalto', 'int8')):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'memory_int8'), command=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam memory')))
            yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'):
        pass
        yield '\n## 8. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'reported'))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported'), params=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'params'), source=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'source'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_recount'), changes=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'changes')), actual=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'actual')), why=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'why'), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'value')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_note'), note=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note')))
            yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'):
        pass
        yield '\n## '
        yield str(('9' if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported') else '8'))
        yield '. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'compute'))
        yield '\n\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'images'):
            pass
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'images'))
            yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), (environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro_one') if (environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch') == 1) else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro')), batch=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch'), seq=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'seq'), counter=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'torch.utils.flop_counter')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'lines'), 'C'))
        yield '\n\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_kinds'))
        yield '\n\n| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'kind'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share'))
        yield ' |\n|---|---|---:|---:|\n'
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield '| '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'kind'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(environment.getattr(l_1_k, 'flops'))
            yield ' | '
            yield str(environment.getattr(l_1_k, 'share'))
            yield ' |\n'
        l_1_k = l_1_esc = missing
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rule'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join(('2 ', environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), ' B s', ))), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_gap'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above_exact') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below_exact'))))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_training'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '3 C'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'training')))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rules'), tokens=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'tokens')))
            yield '\n\n| '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'rule'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'defined'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'gap'))
            yield ' |\n|---|---|---:|---:|\n'
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
                _loop_vars = {}
                pass
                yield '| '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_r, 'formula'), _loop_vars=_loop_vars))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'defined'))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'value'))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'gap'))
                yield ' |\n'
            l_1_r = missing
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'idle'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_idle'))
            yield '\n'
        yield '\n| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops'))
        yield ' |\n|---|---:|\n'
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'parts'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(environment.getattr(l_1_p, 'flops'))
            yield ' |\n'
        l_1_p = missing
        yield '\n**'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_result'), flops=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'flops'), macs=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'macs')))
        yield '**\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'):
        pass
        yield '\n## '
        yield str(((8 + (1 if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported') else 0)) + (1 if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute') else 0)))
        yield '. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'per_gpu'))
        yield '\n\n'
        yield str(t_1(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'intro'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
        yield '\n\n'
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'held'))
        yield '\n\n| '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes'))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary'))
        yield ' |\n|---|---|---:|---:|\n'
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'parts'):
            _loop_vars = {}
            pass
            yield '| '
            yield str(environment.getattr(l_1_p, 'name'))
            yield ' | '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_p, 'formula'), _loop_vars=_loop_vars))
            yield ' | '
            yield str(environment.getattr(l_1_p, 'bytes'))
            yield ' | '
            yield str(environment.getattr(l_1_p, 'binary'))
            yield ' |\n'
        l_1_p = missing
        yield '| **'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_total'))
        yield '** | | **'
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total'))
        yield '** | **'
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'total_binary'))
        yield '** |\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'activations'):
            pass
            yield '\n'
            yield str(t_1(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'activations'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'fits'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'fits'))
            yield '\n'
        for l_1_note in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'notes'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(l_1_note)
            yield '\n'
        l_1_note = missing
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_traffic_intro'), m=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'micro_batches')))
            yield '\n\n| '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_traffic'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'gpu_element_bytes'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes'))
            yield ' | '
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary'))
            yield ' |\n|---|---|---:|---:|---:|\n'
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic'):
                _loop_vars = {}
                pass
                yield '| '
                yield str(environment.getattr(l_1_r, 'name'))
                yield ' | '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_r, 'formula'), _loop_vars=_loop_vars))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'size'))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'bytes'))
                yield ' | '
                yield str(environment.getattr(l_1_r, 'binary'))
                yield ' |\n'
            l_1_r = missing
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic_refused'):
            pass
            yield '\n'
            yield str(t_1(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'traffic_refused'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'bubble'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'bubble'))
            yield '\n'
        yield '\n'
        yield str(t_1(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'gpus'), 'rules'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap')))
        yield '\n'
    yield '\n---\n*'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
    yield '*\n'

blocks = {}
debug_info = '2=42&3=54&5=60&7=62&8=64&10=68&12=70&14=73&16=75&18=79&20=82&22=85&25=88&27=90&29=92&30=95&32=99&33=103&36=111&38=117&39=121&42=128&44=131&45=133&46=137&49=140&51=143&53=145&54=147&56=151&59=154&61=157&64=160&66=162&67=174&68=178&69=183&71=201&73=204&74=206&75=211&78=216&80=219&81=221&82=225&86=231&87=233&89=236&91=239&93=243&95=253&97=256&100=259&102=273&104=277&105=281&109=302&111=304&112=306&114=309&116=311&120=315&122=317&124=319&126=321&128=323&130=325&131=327&133=332&135=334&137=337&139=339&140=341&142=344&146=347&148=350&149=353&150=355&151=357&155=364&158=367&160=369&162=372&163=376&164=378&165=382&168=389&170=391&172=394&174=396&176=398&178=408&179=412&182=424&183=427&185=430&187=433&190=435&192=438&194=440&195=442&196=444&198=446&199=448&202=450&204=453&206=457&207=459&210=461&212=463&214=465&216=467&218=475&219=480&222=490&224=492&225=494&227=497&229=499&231=507&232=511&235=520&237=523&240=526&242=530&243=534&246=540&248=542&250=545&252=549&254=551&256=553&258=561&259=565&261=575&262=581&264=584&266=586&268=589&270=591&272=595&274=598&276=601&278=603&280=613&281=617&284=628&286=631&288=633&290=636&293=639&297=642'
