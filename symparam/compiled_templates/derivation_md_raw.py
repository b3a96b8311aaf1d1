# derivation.md.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = 'ac810f93bac146dfc755349648fa192bad516016a1ab710434ee615f24c29e9c'
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
    l_0_th = resolve('th')
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
    pass
    def macro(l_1_lines, l_1_label, l_1_rel):
        t_3 = []
        l_1_math_block = resolve('math_block')
        l_1_aligned = missing
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        if l_1_rel is missing:
            l_1_rel = '='
        pass
        t_4 = []
        pass
        t_4.append(
            '\\begin{aligned}\n',
        )
        l_3_loop = missing
        for l_3_line, l_3_loop in LoopContext(l_1_lines, undefined):
            _loop_vars = {}
            pass
            if environment.getattr(l_3_loop, 'first'):
                pass
                t_4.extend((
                    str((str_join((l_1_label, ' &', l_1_rel, ' ', )) if l_1_label else '&')),
                    str(l_3_line),
                ))
            else:
                pass
                t_4.extend((
                    '&= ',
                    str(l_3_line),
                ))
            if (not environment.getattr(l_3_loop, 'last')):
                pass
                t_4.append(
                    ' \\\\',
                )
            t_4.append(
                '\n',
            )
        l_3_loop = l_3_line = missing
        t_4.append(
            '\\end{aligned}',
        )
        l_1_aligned = (Markup if context.eval_ctx.autoescape else identity)(concat(t_4))
        t_3.append(
            str(context.call((undefined(name='math_block') if l_1_math_block is missing else l_1_math_block), (undefined(name='aligned') if l_1_aligned is missing else l_1_aligned))),
        )
        return concat(t_3)
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
    if (environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'description') and (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'))):
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
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'lines'), 'P', '\\approx'))
        yield '\n\n'
        if environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'error'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_error'), percent=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'error'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below_exact') if (not environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'), 'above')) else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above_exact'))))
            yield '\n\n'
        l_0_th = environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb')
        context.vars['th'] = l_0_th
        context.exported_vars.add('th')
        if (environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'mlp') == 'plain'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_plain'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'd_{\\mathrm{ff}} = 4H'), total=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '12H^{2}'), attention=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '4H^{2}'), mlp=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '8H^{2}')))
            yield '\n\n'
        elif (environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'mlp') == 'gated'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_gated'), mlp=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '3 H d_{\\mathrm{ff}}'), llama=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'd_{\\mathrm{ff}} = 8H/3'), twelve=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '12H^{2}'), wide=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'd_{\\mathrm{ff}} = 3.5H'), more=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '14.5H^{2}')))
            if environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'ratio'):
                pass
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap'))
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_ratio'), ratio=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join(('d_{\\mathrm{ff}} = ', environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'ratio'), ' H', ))), per_layer=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join((environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'per_layer'), ' H^{2}', )))))
            yield '\n\n'
        if environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_grouped'), kv=environment.getattr(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'), 'kv'), heads=environment.getattr(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'), 'heads'), share=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join((environment.getattr(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'), 'kv'), '/', environment.getattr(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'), 'heads'), ))), coef=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join((environment.getattr(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'grouped'), 'coef'), ' H^{2}', ))), full=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '4H^{2}')))
            yield '\n'
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
            yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 110 in 'derivation.md.j2' evaluated to false and no else section was defined.")))
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
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'total_lines'), 'P'))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closed_form'))
    yield '\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed'), 'P'))
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
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'lines'), 'P_{\\mathrm{active}}'))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'):
            pass
            yield '\n**'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_final'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'), total=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
            yield '**\n'
    yield '\n## 5. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'tied'))
    yield '\n\n'
    t_5 = 1
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
        t_5 = 0
    l_1_tie = missing
    if t_5:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_ties'))
        yield '\n\n'
    yield '## 6. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'dropouts'))
    yield '\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kept'), symbols=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_1(context.eval_ctx, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'kept'), ', '))))
    yield '\n\n'
    t_6 = 1
    for l_1_drop in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
        _loop_vars = {}
        pass
        if (environment.getattr(l_1_drop, 'kind') == 'cancels'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_cancels'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
            for l_2_chain in environment.getattr(l_1_drop, 'chains'):
                _loop_vars = {}
                pass
                yield '  '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), l_2_chain, _loop_vars=_loop_vars))
                yield '\n'
            l_2_chain = missing
        elif (environment.getattr(l_1_drop, 'kind') == 'active_only'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_active_only'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        elif (environment.getattr(l_1_drop, 'kind') == 'shared'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_shared'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        elif (environment.getattr(l_1_drop, 'kind') == 'rotary'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_rotary'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        elif (environment.getattr(l_1_drop, 'kind') == 'given'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_given'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        elif (environment.getattr(l_1_drop, 'kind') == 'assumed'):
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_assumed'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        else:
            pass
            yield '- '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'drop_no_weights'), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        t_6 = 0
    l_1_drop = missing
    if t_6:
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
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'):
        pass
        yield '\n## 8. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'reported'))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported'), params=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'params'), source=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'source'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
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
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rule'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '2 P B s'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_gap'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above_exact') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below_exact'))))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_training'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '6 P D'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'training')))
        yield '\n\n| '
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
    yield '\n---\n*'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
    yield '*\n'

blocks = {}
debug_info = '2=31&5=48&6=51&3=75&11=77&13=83&15=85&16=87&18=91&20=93&22=96&24=98&26=102&29=106&31=108&33=110&34=113&36=117&37=121&40=129&42=135&43=139&46=146&48=149&49=151&50=155&53=158&55=161&57=163&59=165&60=167&63=169&64=172&65=174&67=176&68=178&72=184&73=186&76=188&78=191&81=194&83=196&84=208&85=212&86=217&88=235&90=238&91=240&92=245&95=250&97=253&98=255&99=259&103=265&104=267&106=270&108=273&110=277&112=287&114=290&117=293&119=307&121=311&122=315&126=336&128=338&129=340&131=343&133=345&137=349&139=351&141=353&143=355&145=357&147=359&148=361&150=366&152=368&154=371&156=373&157=375&159=378&163=381&165=384&166=387&167=389&168=391&172=398&175=401&177=403&179=406&180=409&181=412&182=414&183=418&185=421&186=424&187=426&188=429&189=431&190=434&191=436&192=439&193=441&194=444&196=449&199=455&201=457&203=460&205=462&207=464&209=474&210=478&213=490&214=493&217=496&219=499&221=501&222=503&223=505&226=507&228=510&230=514&232=516&234=518&236=520&238=528&239=533&242=543&244=545&246=547&248=551&249=555&252=561&256=564'
